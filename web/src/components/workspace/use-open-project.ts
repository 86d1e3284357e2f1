import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { PROJECT_NAME_REQUIRED_MESSAGE } from '@forge/protocol/project-name';
import { getErrorMessage } from '@/api/errors';
import { forgetProjectFile, forgetProjectFiles, previewStatusQueryOptions, projectTreeQueryOptions } from '@/api/queries/projects';
import { pluralize } from '@/lib/format';
import { useWorkspaceStore } from '@/store/workspace';
import { runBuild } from './run-build';

/**
 * Opens a saved project: its tree as completed files, status Ready, a "Project loaded" toast, then its
 * preview (shown) if built, else an automatic build in the terminal. Resolves once the project is shown; a needed build goes on in the background.
 */
export function useOpenProject() {
  const queryClient = useQueryClient();
  const { actions, state } = useWorkspaceStore();

  return useCallback(
    async (rawName: string): Promise<boolean> => {
      const name = rawName.trim();
      if (!name) {
        toast.error(PROJECT_NAME_REQUIRED_MESSAGE);
        return false;
      }

      let paths: string[];
      try {
        // Always the server's current tree: the project may have been edited since it was last cached.
        ({ tree: paths } = await queryClient.fetchQuery({ ...projectTreeQueryOptions(name), staleTime: 0 }));
      } catch (err) {
        toast.error('Failed to load project', { description: getErrorMessage(err, `Could not open ${name}`) });
        return false;
      }

      forgetProjectFiles(queryClient, name);
      actions.clearProject();
      actions.loadProject(name, paths ?? []);
      actions.setStatus('Ready');
      toast.success('Project loaded', { description: pluralize(paths?.length ?? 0, 'file') });
      // A view the person picks while the preview's status loads (Secrets, say) is theirs to keep.
      const viewAtLoad = state.currentView;
      const showView = (view: typeof viewAtLoad) => {
        if (state.currentView === viewAtLoad) actions.setView(view);
      };

      let previewUrl: string | null = null;
      try {
        const status = await queryClient.fetchQuery({ ...previewStatusQueryOptions(name), staleTime: 0 });
        if (status?.isBuilt && status.previewUrl) previewUrl = status.previewUrl;
      } catch (err) {
        // Treated as not built, as the project page (/project/:projectName) does: the build below says what is wrong.
        console.warn('Could not read the preview status', err);
      }

      if (previewUrl) {
        actions.setPreviewUrl(previewUrl);
        // The result first, on phones and desktops alike; the code is a tab away.
        showView('preview');
      } else {
        actions.addLog(`📦 ${name} has not been built yet. Starting an automatic build...`, 'info');
        showView('terminal');
        void runBuild(name, actions, (path) => forgetProjectFile(queryClient, name, path));
      }
      return true;
    },
    [queryClient, actions, state],
  );
}
