import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Which page of sandboxes is shown: the cursors of the pages walked through, the first being null. */
export function useSandboxPages() {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  return {
    cursor: cursors[cursors.length - 1]!,
    page: cursors.length,
    next: (cursor: string) => setCursors((walked) => [...walked, cursor]),
    previous: () => setCursors((walked) => (walked.length > 1 ? walked.slice(0, -1) : walked)),
  };
}

/** Previous and Next under the list, shown only when there is more than one page. */
export function SandboxPager({ page, nextCursor, onNext, onPrevious }: { page: number; nextCursor: string | null; onNext: (cursor: string) => void; onPrevious: () => void }) {
  if (page === 1 && !nextCursor) return null;
  return (
    <nav aria-label="Sandbox pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
      <Button variant="outline" className="h-9 px-3 text-sm" disabled={page === 1} onClick={onPrevious}>
        <ChevronLeft className="size-4" aria-hidden />
        Previous
      </Button>
      <span className="text-muted tabular-nums">Page {page}</span>
      <Button variant="outline" className="h-9 px-3 text-sm" disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>
        Next
        <ChevronRight className="size-4" aria-hidden />
      </Button>
    </nav>
  );
}
