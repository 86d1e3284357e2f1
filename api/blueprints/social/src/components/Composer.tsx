import { ImagePlus, Smile } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { me } from '../data/sample-data';
import { Avatar } from './Avatar';

const LIMIT = 280;

export function Composer({ onPublish }: { onPublish: (text: string) => void }) {
  const [text, setText] = useState('');
  const remaining = LIMIT - text.length;
  const radius = 10;
  const circumference = 2 * Math.PI * radius;
  const used = Math.min(1, text.length / LIMIT);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim() || remaining < 0) return;
    onPublish(text.trim());
    setText('');
  }

  return (
    <form className="composer" onSubmit={handleSubmit}>
      <Avatar name={me.name} />
      <div className="composer-main">
        <label className="visually-hidden" htmlFor="composer-text">
          What is happening?
        </label>
        <textarea
          id="composer-text"
          placeholder="What are you working on? Use #tags to join a conversation."
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={2}
        />
        <div className="composer-footer">
          <div className="composer-tools" aria-hidden="true">
            <ImagePlus size={20} />
            <Smile size={20} />
          </div>
          <div className="composer-submit">
            {text.length > 0 && (
              <svg className={remaining < 0 ? 'counter over' : remaining <= 20 ? 'counter warn' : 'counter'} viewBox="0 0 24 24" role="img" aria-label={remaining + ' characters left'}>
                <circle cx="12" cy="12" r={radius} className="counter-track" />
                <circle cx="12" cy="12" r={radius} className="counter-value" strokeDasharray={circumference} strokeDashoffset={circumference * (1 - used)} />
              </svg>
            )}
            {remaining <= 20 && <span className={remaining < 0 ? 'remaining over' : 'remaining'}>{remaining}</span>}
            <button className="btn btn-primary btn-small" type="submit" disabled={!text.trim() || remaining < 0}>
              Post
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}
