import { users } from '../data/sample-data';
import { Avatar } from './Avatar';

export function WhoToFollow({ following, onToggle }: { following: string[]; onToggle: (userId: string) => void }) {
  return (
    <section className="card side-card">
      <h2>Who to follow</h2>
      <ul className="people">
        {users.map((user) => {
          const isFollowing = following.includes(user.id);
          return (
            <li key={user.id}>
              <Avatar name={user.name} size={38} />
              <div className="person">
                <strong>{user.name}</strong>
                <span className="muted small">@{user.handle}</span>
              </div>
              <button className={isFollowing ? 'btn btn-outline btn-small' : 'btn btn-primary btn-small'} type="button" aria-pressed={isFollowing} onClick={() => onToggle(user.id)}>
                {isFollowing ? 'Following' : 'Follow'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
