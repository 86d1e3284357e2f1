import { describe, expect, it, jest } from '@jest/globals';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { snapshot } from 'valtio';
import { findNode } from './file-tree';
import { WorkspaceProvider, createInitialWorkspaceState, createWorkspaceStore, useWorkspace, useWorkspaceStore } from './workspace';

describe('workspace state', () => {
  it('starts with the spec defaults, except that it opens on the prompt (DESIGN: departures)', () => {
    const { state } = createWorkspaceStore();
    expect(state).toEqual({
      isGenerating: false,
      currentProject: null,
      fileTree: [],
      activeFile: null,
      fileContents: {},
      streamingContent: '',
      files: [],
      logs: [],
      currentView: 'generate',
      sidebarOpen: false,
      status: 'Ready',
      previewUrl: null,
      // Not a spec field: true while the preview is the live dev server of a generation being written.
      previewLive: false,
      // Not a spec field: true while this page waits for the answer to its request to start a generation.
      isStartingGeneration: false,
      isEditing: false,
      previewVersion: 0,
      // Not spec fields: select mode in the preview, and the element it picked for the next edit.
      selecting: false,
      selection: null,
    });
  });
});

describe('select mode', () => {
  const heading = { target: { file: 'src/components/Hero.tsx', line: 12, column: 7 }, tagName: 'h1', component: 'Hero', text: 'Welcome' };

  it('a pick ends select mode and aims the edit box; dismissing it leaves nothing aimed', () => {
    const { state, actions } = createWorkspaceStore();
    actions.setSelecting(true);
    actions.selectElement(heading);
    expect(state.selecting).toBe(false);
    expect(state.selection).toEqual(heading);
    actions.clearSelection();
    expect(state.selection).toBeNull();
  });

  it('another project, or a new generation, forgets the pick', () => {
    const { state, actions } = createWorkspaceStore();
    actions.loadProject('shop', ['src/App.tsx']);
    actions.selectElement(heading);
    actions.loadProject('shop', ['src/App.tsx', 'src/New.tsx']);
    expect(state.selection).toEqual(heading);
    actions.loadProject('blog', ['src/App.tsx']);
    expect(state.selection).toBeNull();
    actions.setSelecting(true);
    actions.selectElement(heading);
    actions.startGeneration('todo');
    expect(state.selection).toBeNull();
  });
});

describe('workspace actions', () => {
  it('startGeneration sets generating and the project, and clears files, logs and preview', () => {
    const { state, actions } = createWorkspaceStore();
    actions.addFile('src/App.tsx');
    actions.updateFileContent('src/App.tsx', 'x');
    actions.addLog('old');
    actions.setPreviewUrl('http://p.preview.localhost:3000/');

    actions.startGeneration('todo-app');

    expect(state.isGenerating).toBe(true);
    expect(state.currentProject).toBe('todo-app');
    expect(state.status).toBe('Generating');
    expect(state.files).toEqual([]);
    expect(state.fileTree).toEqual([]);
    expect(state.fileContents).toEqual({});
    expect(state.activeFile).toBeNull();
    expect(state.streamingContent).toBe('');
    expect(state.logs).toEqual([]);
    expect(state.previewUrl).toBeNull();
  });

  it('stopGeneration ends in Complete when files exist, else Ready', () => {
    const withFiles = createWorkspaceStore();
    withFiles.actions.startGeneration('a');
    withFiles.actions.addFile('index.html');
    withFiles.actions.stopGeneration();
    expect(withFiles.state.isGenerating).toBe(false);
    expect(withFiles.state.status).toBe('Complete');
    expect(withFiles.state.files[0].isStreaming).toBe(false);

    const empty = createWorkspaceStore();
    empty.actions.startGeneration('b');
    empty.actions.stopGeneration();
    expect(empty.state.isGenerating).toBe(false);
    expect(empty.state.status).toBe('Ready');
  });

  it('addFile creates an empty streaming file, adds it to the tree and makes it active', () => {
    const { state, actions } = createWorkspaceStore();
    actions.addFile('src/App.tsx');

    expect(state.files).toEqual([{ path: 'src/App.tsx', isStreaming: true }]);
    expect(state.fileContents['src/App.tsx']).toBe('');
    expect(state.activeFile).toBe('src/App.tsx');
    expect(state.streamingContent).toBe('');
    expect(findNode(state.fileTree, 'src/App.tsx')).toMatchObject({ type: 'file', content: '' });
    expect(findNode(state.fileTree, 'src')?.type).toBe('folder');
  });

  it('addFile on a known path continues it without losing its text', () => {
    const { state, actions } = createWorkspaceStore();
    actions.addFile('a.ts');
    actions.updateFileContent('a.ts', 'const a');
    actions.completeFile('a.ts');
    actions.addFile('b.ts');
    actions.addFile('a.ts');

    expect(state.files).toEqual([
      { path: 'a.ts', isStreaming: true },
      { path: 'b.ts', isStreaming: true },
    ]);
    expect(state.fileContents['a.ts']).toBe('const a');
    expect(state.streamingContent).toBe('const a');
  });

  it('updateFileContent replaces or appends, and mirrors the active file into streamingContent', () => {
    const { state, actions } = createWorkspaceStore();
    actions.addFile('a.ts');
    actions.updateFileContent('a.ts', 'one');
    actions.updateFileContent('a.ts', ' two', 'append');
    expect(state.fileContents['a.ts']).toBe('one two');
    expect(state.streamingContent).toBe('one two');
    expect(findNode(state.fileTree, 'a.ts')?.content).toBe('one two');

    actions.updateFileContent('a.ts', 'fresh', 'replace');
    expect(state.fileContents['a.ts']).toBe('fresh');

    actions.addFile('b.ts');
    actions.updateFileContent('a.ts', '!', 'append');
    expect(state.fileContents['a.ts']).toBe('fresh!');
    expect(state.streamingContent).toBe('');
  });

  it('holds each file text once: the active text and the tree read it from fileContents, in snapshots too', () => {
    const { state, actions } = createWorkspaceStore();
    actions.addFile('src/a.ts');
    actions.updateFileContent('src/a.ts', 'one');
    const node = findNode(state.fileTree, 'src/a.ts')!;
    expect(Object.getOwnPropertyDescriptor(node, 'content')).toMatchObject({ get: expect.any(Function) });
    expect(Object.getOwnPropertyDescriptor(state, 'streamingContent')).toMatchObject({ get: expect.any(Function) });

    actions.updateFileContent('src/a.ts', ' two', 'append');
    const snap = snapshot(state);
    expect(snap.streamingContent).toBe('one two');
    expect(findNode(snap.fileTree, 'src/a.ts')?.content).toBe('one two');
  });

  it('completeFile stops streaming without touching the content', () => {
    const { state, actions } = createWorkspaceStore();
    actions.addFile('a.ts');
    actions.updateFileContent('a.ts', 'done');
    actions.completeFile('a.ts');
    expect(state.files[0]).toEqual({ path: 'a.ts', isStreaming: false });
    expect(state.fileContents['a.ts']).toBe('done');
    actions.completeFile('unknown.ts');
    expect(state.files).toHaveLength(1);
  });

  it('setActiveFile shows the stored content and switches to the code view', () => {
    const { state, actions } = createWorkspaceStore();
    actions.addFile('a.ts');
    actions.updateFileContent('a.ts', 'A');
    actions.addFile('b.ts');
    actions.setView('terminal');

    actions.setActiveFile('a.ts');
    expect(state.activeFile).toBe('a.ts');
    expect(state.streamingContent).toBe('A');
    expect(state.currentView).toBe('code');

    actions.setActiveFile('not-loaded.ts');
    expect(state.streamingContent).toBe('');
    actions.setActiveFile(null);
    expect(state.activeFile).toBeNull();
  });

  it('addLog appends entries with unique ids, a type and a timestamp; clearLogs empties them', () => {
    const { state, actions } = createWorkspaceStore();
    const before = Date.now();
    actions.addLog('hello');
    actions.addLog('boom', 'error');
    expect(state.logs).toHaveLength(2);
    expect(state.logs[0]).toMatchObject({ message: 'hello', type: 'info' });
    expect(state.logs[1]).toMatchObject({ message: 'boom', type: 'error' });
    expect(state.logs[0].id).not.toBe(state.logs[1].id);
    expect(state.logs[0].timestamp).toBeGreaterThanOrEqual(before);

    actions.clearLogs();
    expect(state.logs).toEqual([]);
  });

  it('setView, toggleSidebar, setSidebarOpen, setStatus and setPreviewUrl set their field', () => {
    const { state, actions } = createWorkspaceStore();
    for (const view of ['generate', 'terminal', 'database', 'secrets', 'preview', 'code'] as const) {
      actions.setView(view);
      expect(state.currentView).toBe(view);
    }
    actions.toggleSidebar();
    expect(state.sidebarOpen).toBe(true);
    actions.toggleSidebar();
    expect(state.sidebarOpen).toBe(false);
    actions.setSidebarOpen(true);
    expect(state.sidebarOpen).toBe(true);
    for (const status of ['Generating', 'Building', 'Complete', 'Error', 'Ready'] as const) {
      actions.setStatus(status);
      expect(state.status).toBe(status);
    }
    actions.setPreviewUrl('http://x.preview.localhost:3000/');
    expect(state.previewUrl).toBe('http://x.preview.localhost:3000/');
    actions.setPreviewUrl('');
    expect(state.previewUrl).toBeNull();
  });

  it('revealPreview brings a live preview forward from the terminal only', () => {
    const { state, actions } = createWorkspaceStore();
    actions.setView('terminal');
    actions.revealPreview();
    expect(state.currentView).toBe('terminal');

    actions.setPreviewUrl('http://abc.preview.localhost:3000/');
    actions.revealPreview();
    expect(state.currentView).toBe('preview');

    for (const view of ['code', 'database', 'secrets', 'generate'] as const) {
      actions.setView(view);
      actions.revealPreview();
      expect(state.currentView).toBe(view);
    }
  });

  it('clearProject resets everything to the initial state', () => {
    const { state, actions } = createWorkspaceStore();
    actions.startGeneration('x');
    actions.addFile('a.ts');
    actions.addLog('log');
    actions.setView('preview');
    actions.setSidebarOpen(true);
    actions.setPreviewUrl('http://p/');
    actions.clearProject();
    expect(state).toEqual(createInitialWorkspaceState());
  });

  it('loadProject lists completed files and builds the tree, with no content yet', () => {
    const { state, actions } = createWorkspaceStore();
    actions.loadProject('shop', ['src/App.tsx', 'package.json', 'src/pages/Cart.tsx']);
    expect(state.currentProject).toBe('shop');
    expect(state.isGenerating).toBe(false);
    expect(state.files.every((file) => !file.isStreaming)).toBe(true);
    expect(state.files.map((file) => file.path)).toEqual(['src/App.tsx', 'package.json', 'src/pages/Cart.tsx']);
    expect(state.fileTree.map((node) => node.name)).toEqual(['src', 'package.json']);
    expect(state.fileContents).toEqual({});
    expect(state.activeFile).toBeNull();
  });
});

describe('WorkspaceProvider and useWorkspace', () => {
  it('throws outside its provider', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => renderHook(() => useWorkspace())).toThrow(new Error('useWorkspace must be used within a WorkspaceProvider'));
      expect(() => renderHook(() => useWorkspaceStore())).toThrow('useWorkspace must be used within a WorkspaceProvider');
    } finally {
      spy.mockRestore();
    }
  });

  it('gives each provider its own store', () => {
    const first = renderHook(() => useWorkspaceStore(), { wrapper: ({ children }: { children: ReactNode }) => <WorkspaceProvider>{children}</WorkspaceProvider> });
    const second = renderHook(() => useWorkspaceStore(), { wrapper: ({ children }: { children: ReactNode }) => <WorkspaceProvider>{children}</WorkspaceProvider> });
    expect(first.result.current).not.toBe(second.result.current);
    first.rerender();
    expect(first.result.current).toBe(first.result.current);
  });

  it('re-renders consumers when the state changes', async () => {
    const store = createWorkspaceStore();
    function Status() {
      const { state } = useWorkspace();
      return <p>{state.status}</p>;
    }
    render(
      <WorkspaceProvider store={store}>
        <Status />
      </WorkspaceProvider>,
    );
    expect(screen.getByText('Ready')).toBeTruthy();
    await act(async () => {
      store.actions.startGeneration('x');
    });
    expect(screen.getByText('Generating')).toBeTruthy();
  });
});
