import { Bookmark, Heart, MessageCircle, Repeat2, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { findUser, me } from '../data/sample-data';
import { compactNumber, shortTimeAgo } from '../lib/time';
import type { SocialDispatch } from '../store/useSocialStore';
import type { Post } from '../types';
import { Avatar } from './Avatar';
import { RichText } from './RichText';

interface Props {
  post: Post;
  bookmarked: boolean;
  dispatch: SocialDispatch;
  onTag: (tag: string) => void;
}

export function PostCard({ post, bookmarked, dispatch, onTag }: Props) {
  const [showComments, setShowComments] = useState(false);
  const [reply, setReply] = useState('');
  const author = findUser(post.authorId);

  function handleReply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reply.trim()) return;
    dispatch({ type: 'comment', postId: post.id, text: reply.trim() });
    setReply('');
  }

  return (
    <article className="post">
      <Avatar name={author.name} />
      <div className="post-main">
        <header className="post-header">
          <strong>{author.name}</strong>
          <span className="muted">@{author.handle}</span>
          <span className="muted" aria-hidden="true">
            ·
          </span>
          <time className="muted" dateTime={new Date(post.createdAt).toISOString()}>
            {shortTimeAgo(post.createdAt)}
          </time>
          {post.authorId === me.id && (
            <button className="icon-button post-delete" type="button" aria-label="Delete post" onClick={() => dispatch({ type: 'remove', postId: post.id })}>
              <Trash2 size={16} />
            </button>
          )}
        </header>
        <p className="post-text">
          <RichText text={post.text} onTag={onTag} />
        </p>
        <div className="post-actions">
          <button type="button" className={showComments ? 'action active-comment' : 'action'} onClick={() => setShowComments((v) => !v)} aria-expanded={showComments}>
            <MessageCircle size={18} aria-hidden="true" /> {post.comments.length}
            <span className="visually-hidden"> comments</span>
          </button>
          <button type="button" className={post.repostedByMe ? 'action reposted' : 'action'} aria-pressed={post.repostedByMe} onClick={() => dispatch({ type: 'repost', postId: post.id })}>
            <Repeat2 size={18} aria-hidden="true" /> {compactNumber(post.reposts)}
            <span className="visually-hidden"> reposts</span>
          </button>
          <button type="button" className={post.likedByMe ? 'action liked' : 'action'} aria-pressed={post.likedByMe} onClick={() => dispatch({ type: 'like', postId: post.id })}>
            <Heart size={18} aria-hidden="true" fill={post.likedByMe ? 'currentColor' : 'none'} /> {compactNumber(post.likes)}
            <span className="visually-hidden"> likes</span>
          </button>
          <button type="button" className={bookmarked ? 'action bookmarked' : 'action'} aria-pressed={bookmarked} aria-label="Bookmark" onClick={() => dispatch({ type: 'bookmark', postId: post.id })}>
            <Bookmark size={18} aria-hidden="true" fill={bookmarked ? 'currentColor' : 'none'} />
          </button>
        </div>
        {showComments && (
          <section className="thread" aria-label="Comments">
            {post.comments.map((comment) => {
              const commenter = findUser(comment.authorId);
              return (
                <div key={comment.id} className="comment">
                  <Avatar name={commenter.name} size={30} />
                  <div>
                    <p className="comment-meta">
                      <strong>{commenter.name}</strong> <span className="muted">{shortTimeAgo(comment.createdAt)}</span>
                    </p>
                    <p>
                      <RichText text={comment.text} onTag={onTag} />
                    </p>
                  </div>
                </div>
              );
            })}
            <form className="reply" onSubmit={handleReply}>
              <input className="input" placeholder={'Reply to ' + author.name} value={reply} onChange={(e) => setReply(e.target.value)} aria-label="Reply" maxLength={280} />
              <button className="btn btn-primary btn-small" type="submit" disabled={!reply.trim()}>
                Reply
              </button>
            </form>
          </section>
        )}
      </div>
    </article>
  );
}
