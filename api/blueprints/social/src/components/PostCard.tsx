import { Bookmark, Heart, MessageCircle, Repeat2, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { RichText } from '@/components/RichText';
import { UserAvatar } from '@/components/UserAvatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { findUser, me } from '@/data/sample-data';
import { compactNumber, shortTimeAgo } from '@/lib/time';
import { cn } from '@/lib/utils';
import type { SocialDispatch } from '@/store/useSocialStore';
import type { Post } from '@/types';

interface Props {
  post: Post;
  bookmarked: boolean;
  dispatch: SocialDispatch;
  onTag: (tag: string) => void;
}

const ACTION = 'h-8 gap-1.5 rounded-full px-2.5 text-muted-foreground';

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
    <article className="flex gap-3 border-b px-4 py-4 transition-colors hover:bg-muted/30">
      <UserAvatar name={author.name} />
      <div className="grid min-w-0 flex-1 gap-1.5">
        <header className="flex flex-wrap items-baseline gap-x-1.5 text-sm">
          <span className="font-semibold">{author.name}</span>
          <span className="text-muted-foreground">@{author.handle}</span>
          <span className="text-muted-foreground" aria-hidden>
            ·
          </span>
          <time className="text-muted-foreground" dateTime={new Date(post.createdAt).toISOString()}>
            {shortTimeAgo(post.createdAt)}
          </time>
          {post.authorId === me.id && (
            <Button variant="ghost" size="icon-sm" className="ml-auto text-muted-foreground" aria-label="Delete post" onClick={() => dispatch({ type: 'remove', postId: post.id })}>
              <Trash2 />
            </Button>
          )}
        </header>
        <p className="leading-relaxed whitespace-pre-line">
          <RichText text={post.text} onTag={onTag} />
        </p>
        <div className="-ml-2.5 flex max-w-md justify-between">
          <Button variant="ghost" className={cn(ACTION, showComments && 'text-primary')} onClick={() => setShowComments((v) => !v)} aria-expanded={showComments}>
            <MessageCircle aria-hidden /> {post.comments.length}
            <span className="sr-only"> comments</span>
          </Button>
          <Button variant="ghost" className={cn(ACTION, post.repostedByMe && 'text-success')} aria-pressed={post.repostedByMe} onClick={() => dispatch({ type: 'repost', postId: post.id })}>
            <Repeat2 aria-hidden /> {compactNumber(post.reposts)}
            <span className="sr-only"> reposts</span>
          </Button>
          <Button variant="ghost" className={cn(ACTION, post.likedByMe && 'text-destructive')} aria-pressed={post.likedByMe} onClick={() => dispatch({ type: 'like', postId: post.id })}>
            <Heart aria-hidden fill={post.likedByMe ? 'currentColor' : 'none'} /> {compactNumber(post.likes)}
            <span className="sr-only"> likes</span>
          </Button>
          <Button variant="ghost" className={cn(ACTION, bookmarked && 'text-primary')} aria-pressed={bookmarked} aria-label="Bookmark" onClick={() => dispatch({ type: 'bookmark', postId: post.id })}>
            <Bookmark aria-hidden fill={bookmarked ? 'currentColor' : 'none'} />
          </Button>
        </div>
        {showComments && (
          <section className="mt-1 grid gap-3 border-l-2 pl-4" aria-label="Comments">
            {post.comments.map((comment) => {
              const commenter = findUser(comment.authorId);
              return (
                <div key={comment.id} className="flex gap-2.5">
                  <UserAvatar name={commenter.name} className="size-8" />
                  <div className="grid gap-0.5 text-sm">
                    <p>
                      <span className="font-semibold">{commenter.name}</span> <span className="text-muted-foreground">{shortTimeAgo(comment.createdAt)}</span>
                    </p>
                    <p>
                      <RichText text={comment.text} onTag={onTag} />
                    </p>
                  </div>
                </div>
              );
            })}
            <form className="flex gap-2" onSubmit={handleReply}>
              <Input placeholder={'Reply to ' + author.name} value={reply} onChange={(e) => setReply(e.target.value)} aria-label="Reply" maxLength={280} />
              <Button type="submit" size="sm" className="h-9 rounded-full" disabled={!reply.trim()}>
                Reply
              </Button>
            </form>
          </section>
        )}
      </div>
    </article>
  );
}
