import { useQueryClient } from '@tanstack/react-query';
import { Database, DatabaseZap } from 'lucide-react';
import { projectKeys } from '@/api/queries/projects';
import { EmptyState } from '@/components/ui/empty-state';
import { useWorkspace } from '@/store/workspace';
import { RefreshButton } from './refresh-button';
import { ViewHeader } from './view-header';

export function DatabaseView() {
  const { state } = useWorkspace();
  const { currentProject } = state;
  const queryClient = useQueryClient();

  return (
    <div className="flex h-full flex-col">
      <ViewHeader icon={Database} title="Database" subtitle={currentProject ? `PostgreSQL for ${currentProject}` : 'PostgreSQL schema and data'} />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {!currentProject ? (
          <EmptyState icon={Database} title="No Project Selected" description="Generate or load a project to manage its database" />
        ) : (
          <EmptyState
            icon={DatabaseZap}
            title="No Database Schema"
            description="This project has no database yet. Generate a project with data persistence, such as a blog, authentication or an e-commerce store, to get a PostgreSQL schema and seed data."
          >
            <RefreshButton
              onRefresh={() => void queryClient.invalidateQueries({ queryKey: [...projectKeys.all, currentProject, 'database'] })}
            />
          </EmptyState>
        )}
      </div>
    </div>
  );
}
