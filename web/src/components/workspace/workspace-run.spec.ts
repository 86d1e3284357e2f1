import { describe, expect, it, jest } from '@jest/globals';
import type { RunEvent } from '@forge/protocol/runs';
import { createWorkspaceStore } from '@/store/workspace';
import { type WorkspaceRunKind, workspaceRun } from './workspace-run';

function setup(kind: WorkspaceRunKind) {
  const store = createWorkspaceStore();
  store.actions.loadProject('cafe', ['src/App.tsx', 'src/old.ts']);
  store.actions.updateFileContent('src/App.tsx', 'old text');
  const forgetFile = jest.fn<(path: string) => void>();
  const run = workspaceRun(store.actions, { kind, forgetFile });
  const feed = (...events: RunEvent[]) => events.forEach(run.onEvent);
  return { ...store, run, feed, forgetFile, logs: () => store.state.logs.map((log) => [log.message, log.type]) };
}

describe('workspaceRun', () => {
  it('shows log lines at the level the server gave, never guessing from their words', () => {
    const { feed, logs } = setup('build');
    feed(
      { type: 'log', level: 'info', message: 'Build failed? Not this time' },
      { type: 'log', level: 'success', message: 'Compiled' },
      { type: 'log', level: 'warning', message: '✅ 2 warnings' },
      { type: 'log', level: 'error', message: 'vite exited with 1' },
      { type: 'log', level: 'info', message: '✏️ src/App.tsx:3  [-old-]{+new+}', diff: true },
    );
    expect(logs()).toEqual([
      ['Build failed? Not this time', 'info'],
      ['Compiled', 'success'],
      ['✅ 2 warnings', 'warning'],
      ['vite exited with 1', 'error'],
      ['✏️ src/App.tsx:3  [-old-]{+new+}', 'info'],
    ]);
  });

  it("shows a generation's live preview as soon as it answers, and gives way to the build's preview", () => {
    const { state, actions, feed } = setup('generation');
    actions.startGeneration('todo');
    feed({ type: 'file', path: 'package.json', change: 'saved' });
    // Nothing shows before the dev server answers.
    expect(state.previewUrl).toBeNull();
    feed({ type: 'preview', previewUrl: 'http://abc.preview.localhost:3000/', live: true });
    expect(state).toMatchObject({ previewUrl: 'http://abc.preview.localhost:3000/', previewLive: true });
    const version = state.previewVersion;
    // Files landing reach the frame through the dev server's own updates: the frame is not loaded again.
    feed({ type: 'file', path: 'src/App.tsx', change: 'saved' }, { type: 'file', path: 'src/pages/Home.tsx', change: 'saved' });
    expect(state.previewVersion).toBe(version);
    // A replayed live event (a reconnect) does not load the frame again.
    feed({ type: 'preview', previewUrl: 'http://abc.preview.localhost:3000/', live: true });
    expect(state.previewVersion).toBe(version);

    actions.setPreviewUrl('http://abc.preview.localhost:3000/');
    expect(state).toMatchObject({ previewLive: false, previewVersion: version + 1 });
  });

  it("ignores a build's preview event (its result shows it) and an edit's is never live", () => {
    const build = setup('build');
    build.feed({ type: 'preview', previewUrl: 'http://abc.preview.localhost:3000/', live: true });
    expect(build.state.previewUrl).toBeNull();
    const edit = setup('edit');
    edit.feed({ type: 'preview', previewUrl: 'http://abc.preview.localhost:3000/' });
    expect(edit.state).toMatchObject({ previewUrl: 'http://abc.preview.localhost:3000/', previewLive: false });
  });

  it("streams a generation's files and commentary, continues a cut answer and completes what is left open at the end", () => {
    const { state, actions, run, feed, logs } = setup('generation');
    actions.startGeneration('todo');
    feed(
      { type: 'started', runId: 'j1', kind: 'generation', projectName: 'todo' },
      { type: 'text', text: 'Planning.\n<<<FILE src/App.tsx>>>\nexport const' },
      { type: 'continued', reason: 'max_tokens' },
      { type: 'text', text: '<<<FILE src/App.tsx>>>\n a = 1;\n<<<END FILE>>>\nAll done\n<<<FILE b.ts>>>\nb' },
      { type: 'file', path: 'src/App.tsx', change: 'saved' },
      { type: 'text', text: '\n' },
    );
    expect(state.files).toEqual([
      { path: 'src/App.tsx', isStreaming: false },
      { path: 'b.ts', isStreaming: true },
    ]);
    run.finish();
    expect(state.fileContents).toEqual({ 'src/App.tsx': 'export const a = 1;\n', 'b.ts': 'b\n' });
    expect(state.files.every((file) => !file.isStreaming)).toBe(true);
    expect(logs()).toEqual([
      ['Planning.', 'other'],
      ['The agent reached its output limit and is continuing where it stopped...', 'other'],
      ['📄 src/App.tsx', 'info'],
      ['All done', 'other'],
      ['📄 b.ts', 'info'],
    ]);
  });

  it("reads an edit's changed files again, shows its preview and goes to Building", () => {
    const { state, run, feed, forgetFile } = setup('edit');
    feed({ type: 'file', path: 'src/App.tsx', change: 'modified' }, { type: 'file', path: 'src/new.ts', change: 'created' }, { type: 'file', path: 'src/old.ts', change: 'deleted' });
    expect(state.status).toBe('Building');
    expect(forgetFile.mock.calls).toEqual([['src/App.tsx'], ['src/new.ts'], ['src/old.ts']]);
    expect(state.fileContents['src/App.tsx']).toBeUndefined();
    expect(state.files.map((file) => file.path)).toEqual(['src/App.tsx', 'src/new.ts']);

    expect(run.previewed).toBe(false);
    feed({ type: 'preview', previewUrl: 'http://p.preview.localhost:3000/' });
    expect(run.previewed).toBe(true);
    expect(state.previewUrl).toBe('http://p.preview.localhost:3000/');
  });

  it("reads a fix's changed files again but leaves the status and the preview to the build's result", () => {
    const { state, run, feed, forgetFile } = setup('build');
    state.status = 'Building';
    feed({ type: 'file', path: 'src/App.tsx', change: 'modified' }, { type: 'preview', previewUrl: 'http://p/' });
    expect(forgetFile).toHaveBeenCalledWith('src/App.tsx');
    expect(state.fileContents['src/App.tsx']).toBeUndefined();
    expect(state.status).toBe('Building');
    expect(state.previewUrl).toBeNull();
    expect(run.previewed).toBe(false);
  });

  it("logs a build's errors as they come, and leaves a generation's and an edit's to their outcome", () => {
    const build = setup('build');
    build.feed({ type: 'error', message: 'Build failed', details: 'Cannot find module' }, { type: 'error', message: '' });
    expect(build.logs()).toEqual([
      ['❌ Build failed: Cannot find module', 'error'],
      ['❌ Build error', 'error'],
    ]);
    expect(build.run.errorLogged).toBe(true);

    for (const kind of ['generation', 'edit'] as const) {
      const other = setup(kind);
      other.feed({ type: 'error', message: 'Anthropic: Overloaded' });
      expect(other.logs()).toEqual([]);
      expect(other.run.errorLogged).toBe(false);
    }
  });
});
