import { type FormEvent, useState } from 'react';
import type { CommentItem } from '../../shared/api-types';
import { addComment } from '../api';
import { initials, timeAgo } from '../lib/format';

interface Props {
  slug: string;
  initialComments: CommentItem[];
  canComment: boolean;
}

export function CommentSection({ slug, initialComments, canComment }: Props) {
  const [comments, setComments] = useState(initialComments);
  const [name, setName] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim() || !body.trim()) {
      setError('Please add your name and a comment.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const comment = await addComment(slug, { authorName: name.trim(), body: body.trim() });
      setComments((current) => [...current, comment]);
      setBody('');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not post your comment.');
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">
        {comments.length} {comments.length === 1 ? 'comment' : 'comments'}
      </h2>
      <ul>
        {comments.map((comment) => (
          <li key={comment.id} className="comment">
            <span className="avatar" aria-hidden="true">
              {initials(comment.authorName)}
            </span>
            <div>
              <p className="comment-meta">
                <strong>{comment.authorName}</strong> <span className="muted">{timeAgo(comment.createdAt)}</span>
              </p>
              <p>{comment.body}</p>
            </div>
          </li>
        ))}
      </ul>
      <form className="comment-form card" onSubmit={handleSubmit}>
        <h3>Join the conversation</h3>
        <input className="input" placeholder="Your name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} aria-label="Your name" />
        <textarea
          className="input"
          placeholder="Share a thought or a question"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          maxLength={2000}
          aria-label="Comment"
        />
        {error && <p className="form-error">{error}</p>}
        {!canComment && <p className="muted small">Comments open once the database is set up.</p>}
        <button className="btn btn-primary" type="submit" disabled={sending || !canComment}>
          {sending ? 'Posting…' : 'Post comment'}
        </button>
      </form>
    </section>
  );
}
