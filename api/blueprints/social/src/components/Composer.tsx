import { ImagePlus, Smile } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { UserAvatar } from '@/components/UserAvatar';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { me } from '@/data/sample-data';
import { cn } from '@/lib/utils';

const LIMIT = 280;
const RADIUS = 10;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function Composer({ onPublish }: { onPublish: (text: string) => void }) {
  const [text, setText] = useState('');
  const remaining = LIMIT - text.length;
  const used = Math.min(1, text.length / LIMIT);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim() || remaining < 0) return;
    onPublish(text.trim());
    setText('');
  }

  return (
    <form className="flex gap-3 border-b p-4" onSubmit={handleSubmit}>
      <UserAvatar name={me.name} />
      <div className="grid flex-1 gap-3">
        <label className="sr-only" htmlFor="composer-text">
          What is happening?
        </label>
        <Textarea
          id="composer-text"
          className="min-h-16 resize-none border-0 px-0 text-lg shadow-none focus-visible:ring-0 md:text-lg"
          placeholder="What are you working on? Use #tags to join a conversation."
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex items-center justify-between border-t pt-3">
          <div className="flex gap-3 text-primary" aria-hidden>
            <ImagePlus className="size-5" />
            <Smile className="size-5" />
          </div>
          <div className="flex items-center gap-3">
            {text.length > 0 && (
              <svg className="size-6 -rotate-90" viewBox="0 0 24 24" role="img" aria-label={`${remaining} characters left`}>
                <circle cx="12" cy="12" r={RADIUS} fill="none" strokeWidth="2.5" className="stroke-muted" />
                <circle
                  cx="12"
                  cy="12"
                  r={RADIUS}
                  fill="none"
                  strokeWidth="2.5"
                  className={cn(remaining < 0 ? 'stroke-destructive' : remaining <= 20 ? 'stroke-warning' : 'stroke-primary')}
                  strokeDasharray={CIRCUMFERENCE}
                  strokeDashoffset={CIRCUMFERENCE * (1 - used)}
                />
              </svg>
            )}
            {remaining <= 20 && <span className={cn('text-sm tabular-nums', remaining < 0 ? 'text-destructive' : 'text-muted-foreground')}>{remaining}</span>}
            <Button type="submit" size="sm" className="rounded-full px-5" disabled={!text.trim() || remaining < 0}>
              Post
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}
