import { me } from '../data/sample-data';
import type { Post } from '../types';
import { Avatar } from './Avatar';

export function ProfileCard({ posts, following }: { posts: Post[]; following: string[] }) {
  const mine = posts.filter((post) => post.authorId === me.id);
  const likesReceived = mine.reduce((sum, post) => sum + post.likes, 0);
  return (
    <section className="card side-card profile-card">
      <div className="profile-banner" aria-hidden="true" />
      <Avatar name={me.name} size={56} />
      <strong>{me.name}</strong>
      <span className="muted">@{me.handle}</span>
      <p>{me.bio}</p>
      <dl className="profile-stats">
        <div>
          <dt>{mine.length}</dt>
          <dd>Posts</dd>
        </div>
        <div>
          <dt>{following.length}</dt>
          <dd>Following</dd>
        </div>
        <div>
          <dt>{likesReceived}</dt>
          <dd>Likes</dd>
        </div>
      </dl>
    </section>
  );
}
