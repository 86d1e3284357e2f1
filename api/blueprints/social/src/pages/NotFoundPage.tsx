import { Link } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title={<h1 className="text-xl font-bold">Page not found</h1>} />
      <div className="grid justify-items-center gap-4 px-6 py-16 text-center">
        <p className="text-muted-foreground">There is nothing at this address. The link may be old, or mistyped.</p>
        <Button asChild className="rounded-full">
          <Link to="/">Back to the feed</Link>
        </Button>
      </div>
    </>
  );
}
