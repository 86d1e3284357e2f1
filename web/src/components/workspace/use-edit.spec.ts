import { describe, expect, it } from '@jest/globals';
import { createQueryClient } from '@/api/query-client';
import { projectKeys } from '@/api/queries/projects';
import type { RunHandlers, RunOutcome } from '@/api/streams/run-stream';
import { createWorkspaceStore } from '@/store/workspace';
import { showEdit } from './use-edit';

function workspace() {
  const { state, actions } = createWorkspaceStore();
  actions.loadProject('cafe', ['src/App.tsx', 'src/content.ts', 'src/old.ts']);
  actions.updateFileContent('src/content.ts', 'old text');
  actions.setPreviewUrl('http://p.preview.localhost:3000/');
  return { state, actions };
}

describe('showEdit', () => {
  it('logs the edit, reads changed files again, follows the tree and reloads the rebuilt preview', async () => {
    const { state, actions } = workspace();
    const queryClient = createQueryClient();
    queryClient.setQueryData(projectKeys.file('cafe', 'src/content.ts'), { content: 'old text' });
    const versionBefore = state.previewVersion;
    let editingWhileRunning = false;

    const ok = await showEdit(
      'cafe',
      async ({ onEvent }: RunHandlers): Promise<RunOutcome> => {
        editingWhileRunning = state.isEditing;
        onEvent({ type: 'started', runId: 'job-1', kind: 'edit', projectName: 'cafe' });
        onEvent({ type: 'log', level: 'info', message: '✏️ src/content.ts:3  [-old-]{+new+}', diff: true });
        onEvent({ type: 'file', path: 'src/content.ts', change: 'modified' });
        onEvent({ type: 'file', path: 'src/new.ts', change: 'created' });
        onEvent({ type: 'file', path: 'src/old.ts', change: 'deleted' });
        onEvent({ type: 'preview', previewUrl: 'http://p.preview.localhost:3000/' });
        return { status: 'ended', state: 'completed', result: { success: true, message: '✅ Changes applied' }, error: null };
      },
      actions,
      queryClient,
    );

    expect(ok).toBe(true);
    expect(editingWhileRunning).toBe(true);
    expect(state.isEditing).toBe(false);
    expect(state.status).toBe('Complete');
    expect(state.fileContents['src/content.ts']).toBeUndefined();
    expect(queryClient.getQueryData(projectKeys.file('cafe', 'src/content.ts'))).toBeUndefined();
    expect(state.files.map((file) => file.path)).toEqual(['src/App.tsx', 'src/content.ts', 'src/new.ts']);
    expect(state.previewVersion).toBe(versionBefore + 1);
    expect(state.logs.map((log) => log.message)).toEqual(['✏️ src/content.ts:3  [-old-]{+new+}', '✅ Changes applied']);
  });

  it('ends in the Error status with the reason when the edit fails', async () => {
    const { state, actions } = workspace();
    const failed: RunOutcome = { status: 'ended', state: 'failed', result: { success: false }, error: { message: 'Nothing was changed: the agent answered without changing any file.' } };
    const ok = await showEdit('cafe', async () => failed, actions, createQueryClient());
    expect(ok).toBe(false);
    expect(state.status).toBe('Error');
    expect(state.logs.at(-1)).toMatchObject({ message: '❌ Nothing was changed: the agent answered without changing any file.', type: 'error' });
  });
});
