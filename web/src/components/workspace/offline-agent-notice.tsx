import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { meQueryOptions } from '@/api/queries/auth';
import { infoQueryOptions } from '@/api/queries/info';

/**
 * Says plainly when no model is configured and what that means for the description; how to connect
 * a model is said only to operators, who can act on it.
 */
export function OfflineAgentNotice() {
  const { data } = useQuery(infoQueryOptions);
  const { data: user } = useQuery(meQueryOptions);
  if (data?.provider?.name !== 'offline') return null;
  return (
    <aside role="note" aria-label="Offline starter agent" className="mb-6 flex gap-3 rounded-xl border border-info/30 bg-info/10 p-4 text-sm">
      <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
      <div className="leading-relaxed text-foreground/90">
        <p className="font-medium text-foreground">The offline starter agent is in use.</p>
        <p className="mt-1 text-muted">
          This server has no AI model connected, so your app is made from a built-in blueprint: a landing page, todo app, dashboard, blog, shop or social feed, adapted to your description. Describe
          one of those for the best result.
        </p>
        {user?.isAdmin && (
          <p className="mt-1 text-muted">
            As an operator: set <code className="font-mono text-xs">ANTHROPIC_API_KEY</code>, or <code className="font-mono text-xs">LLM_PROVIDER=openai</code> with{' '}
            <code className="font-mono text-xs">OPENAI_BASE_URL</code> for a self-hosted model, and restart Forge.
          </p>
        )}
      </div>
    </aside>
  );
}
