import { describe, expect, it } from '@jest/globals';
import { act } from '@testing-library/react';
import { createWorkspaceStore } from '@/store/workspace';
import { renderInWorkspace } from './test-helpers';
import { useRefreshAfterBuild } from './use-refresh-after-build';

function Probe() {
  useRefreshAfterBuild();
  return null;
}

describe('useRefreshAfterBuild', () => {
  it("marks the project's database and secrets for reading again when a build ends", async () => {
    const store = createWorkspaceStore();
    store.actions.loadProject('blog', ['package.json']);
    const { queryClient } = renderInWorkspace(<Probe />, { store });
    queryClient.setQueryData(['projects', 'blog', 'database', 'status'], { hasDatabase: true, isInitialized: false });
    queryClient.setQueryData(['projects', 'blog', 'secrets'], { secrets: [] });
    await act(async () => store.actions.setStatus('Building'));
    expect(queryClient.getQueryState(['projects', 'blog', 'database', 'status'])?.isInvalidated).toBe(false);
    await act(async () => store.actions.setStatus('Complete'));
    expect(queryClient.getQueryState(['projects', 'blog', 'database', 'status'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['projects', 'blog', 'secrets'])?.isInvalidated).toBe(true);
  });
});
