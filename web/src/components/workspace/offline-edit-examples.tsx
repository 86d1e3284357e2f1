import { useQuery } from '@tanstack/react-query';
import { OFFLINE_EDIT_EXAMPLES } from '@forge/protocol/offline-edits';
import { infoQueryOptions } from '@/api/queries/info';

/** With no model configured, the edits the offline agent can make, one click from the edit box. */
export function OfflineEditExamples({ onPick }: { onPick: (request: string) => void }) {
  const { data } = useQuery(infoQueryOptions);
  if (data?.provider?.name !== 'offline') return null;
  return (
    <div role="group" aria-label="Edits the offline agent can make" className="flex gap-1.5 overflow-x-auto pb-1.5">
      {OFFLINE_EDIT_EXAMPLES.map((example) => (
        <button
          key={example}
          type="button"
          onClick={() => onPick(example)}
          className="shrink-0 rounded-full border border-border bg-surface-2 px-2.5 py-1 text-xs whitespace-nowrap text-muted transition-colors hover:border-primary/50 hover:text-foreground"
        >
          {example}
        </button>
      ))}
    </div>
  );
}
