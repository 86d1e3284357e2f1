import { useQuery } from '@tanstack/react-query';
import { Database } from 'lucide-react';
import { api } from '@/lib/api';

/** Says so while the blog shows its sample posts: the server is not running or has no database yet. */
export function SampleNotice() {
  const health = useQuery({ queryKey: ['health'], queryFn: () => api.get<{ database: 'configured' | 'missing' }>('/api/health'), retry: false });
  if (health.isPending || health.data?.database === 'configured') return null;
  return (
    <div className="border-b border-warning/30 bg-warning/10" role="status">
      <p className="mx-auto flex max-w-5xl items-start gap-2 px-4 py-2.5 text-sm sm:px-6">
        <Database className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span>
          Showing sample posts: the database is not set up yet. Initialize it (Database tab, or <code className="font-mono text-xs">npm run db:push</code> and{' '}
          <code className="font-mono text-xs">npm run db:seed</code>) to publish and comment.
        </span>
      </p>
    </div>
  );
}
