import { Database } from 'lucide-react';

export function SampleNotice() {
  return (
    <div className="sample-notice" role="status">
      <div className="container">
        <Database size={16} aria-hidden="true" />
        <span>
          Showing sample posts: the database is not set up yet. Initialize it (Database tab, or <code>npm run db:push</code> and{' '}
          <code>npm run db:seed</code>) to publish and comment.
        </span>
      </div>
    </div>
  );
}
