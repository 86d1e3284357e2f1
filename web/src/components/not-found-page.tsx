import { Link } from '@tanstack/react-router';
import { AlertCircle } from 'lucide-react';

export function NotFoundPage() {
  return (
    <main className="flex min-h-full items-center justify-center p-6">
      <div className="w-full max-w-md rounded-[var(--radius-card)] border border-border bg-surface p-8 shadow-xl">
        <div className="flex items-center gap-3">
          <AlertCircle className="size-8 text-destructive" aria-hidden />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-muted">Did you forget to add the page to the router?</p>
        <Link to="/" className="mt-6 inline-flex text-sm font-medium text-primary hover:text-primary-hover">
          ← Back to Forge
        </Link>
      </div>
    </main>
  );
}
