import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { infoQueryOptions } from '@/api/queries/info';

/** Says plainly when no model is configured, and how to configure one. */
export function OfflineAgentNotice() {
  const { data } = useQuery(infoQueryOptions);
  if (data?.provider?.name !== 'offline') return null;
  return (
    <aside role="note" aria-label="Offline starter agent" className="mb-6 flex gap-3 rounded-xl border border-info/30 bg-info/10 p-4 text-sm">
      <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
      <div className="leading-relaxed text-foreground/90">
        <p className="font-medium text-foreground">The offline starter agent is in use.</p>
        <p className="mt-1 text-muted">
          No model is configured, so the agent adapts built-in blueprints (landing page, todo app, dashboard, blog, shop, social feed) to your description, without any network. To generate any app,
          set <code className="font-mono text-xs">ANTHROPIC_API_KEY</code>, or <code className="font-mono text-xs">LLM_PROVIDER=openai</code> with{' '}
          <code className="font-mono text-xs">OPENAI_BASE_URL</code> for a self-hosted model, and restart Forge.
        </p>
      </div>
    </aside>
  );
}
