import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <div className="grid justify-items-center gap-4 py-20 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-3xl font-bold">This page does not exist</h1>
      <p className="text-muted-foreground">The link may be old, or the address mistyped.</p>
      <Button asChild>
        <Link to="/">Back to the stories</Link>
      </Button>
    </div>
  );
}
