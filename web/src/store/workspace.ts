import { createContext, createElement, useContext, useState, type ReactNode } from 'react';
import { proxy, ref, useSnapshot, type Snapshot } from 'valtio';
import type { SelectedElement } from '@forge/protocol/source-tags';
import { buildFileTree, type FileNode } from './file-tree';

export type WorkspaceView = 'generate' | 'code' | 'terminal' | 'database' | 'secrets' | 'preview';
export type WorkspaceStatus = 'Ready' | 'Generating' | 'Building' | 'Complete' | 'Error';
export type LogType = 'info' | 'success' | 'warning' | 'error' | 'other';
export type ContentMode = 'replace' | 'append';

export interface LogEntry {
  id: string;
  message: string;
  type: LogType;
  /** Epoch milliseconds. */
  timestamp: number;
}

export interface WorkspaceFile {
  path: string;
  isStreaming: boolean;
}

/**
 * What the workspace shows: the project, its files and their text, the terminal log, the view, the
 * build status. A file's text is held once, in `fileContents`; `streamingContent` and the tree's
 * `content` read it from there.
 */
export interface WorkspaceState {
  isGenerating: boolean;
  /** This page asked to start a generation and awaits the answer: the job it starts is this page's to follow. */
  isStartingGeneration: boolean;
  currentProject: string | null;
  /** Built whole from `files` on each change of the list (never deep-tracked); each file node's `content` reads `fileContents`. */
  fileTree: FileNode[];
  activeFile: string | null;
  /** The text of the files a generation streamed or a page stored, by path; saved files opened later are read through the file query. */
  fileContents: Record<string, string>;
  /** The active file's text, from `fileContents`. */
  readonly streamingContent: string;
  files: WorkspaceFile[];
  logs: LogEntry[];
  currentView: WorkspaceView;
  sidebarOpen: boolean;
  status: WorkspaceStatus;
  previewUrl: string | null;
  /** An edit of the current project runs. */
  isEditing: boolean;
  /** Counts the builds whose preview was shown: the preview frame reloads when it changes. */
  previewVersion: number;
  /** The preview is the live one: the dev server shows the files as the agent writes them (no build yet). */
  previewLive: boolean;
  /** Select mode: the preview outlines the element under the pointer and a click picks it. */
  selecting: boolean;
  /** The element picked in the preview: the edit box aims the next edit at it. */
  selection: SelectedElement | null;
}

/** How an edit changed one file of the project. */
export type FileChange = 'created' | 'modified' | 'deleted';

/** The fields the state holds; the others are read from them. */
type WorkspaceFields = Omit<WorkspaceState, 'streamingContent'>;

function initialFields(): WorkspaceFields {
  return {
    isGenerating: false,
    isStartingGeneration: false,
    currentProject: null,
    fileTree: [],
    activeFile: null,
    fileContents: {},
    files: [],
    logs: [],
    // With no project open the workspace opens on the prompt (DESIGN: the spec's default is code).
    currentView: 'generate',
    sidebarOpen: false,
    status: 'Ready',
    previewUrl: null,
    isEditing: false,
    previewVersion: 0,
    previewLive: false,
    selecting: false,
    selection: null,
  };
}

/** Adds the fields read from others, as getters: valtio re-reads them for each snapshot. */
function withDerivedFields(fields: WorkspaceFields): WorkspaceState {
  return Object.defineProperty(fields, 'streamingContent', {
    enumerable: true,
    get(this: WorkspaceFields) {
      return this.activeFile === null ? '' : (this.fileContents[this.activeFile] ?? '');
    },
  }) as WorkspaceState;
}

export function createInitialWorkspaceState(): WorkspaceState {
  return withDerivedFields(initialFields());
}

/** The only ways the workspace state changes. */
export interface WorkspaceActions {
  setStartingGeneration(starting: boolean): void;
  startGeneration(projectName: string): void;
  stopGeneration(): void;
  addFile(path: string): void;
  updateFileContent(path: string, content: string, mode?: ContentMode): void;
  completeFile(path: string): void;
  setActiveFile(path: string | null): void;
  addLog(message: string, type?: LogType): void;
  clearLogs(): void;
  setView(view: WorkspaceView): void;
  /** A preview just became live: it comes forward from the terminal (where the run was shown), never from a view the user chose meanwhile. */
  revealPreview(): void;
  toggleSidebar(): void;
  setSidebarOpen(open: boolean): void;
  setStatus(status: WorkspaceStatus): void;
  /** `live`: the live preview while the agent writes; any other preview (a build's) ends it. */
  setPreviewUrl(url: string | null, live?: boolean): void;
  clearProject(): void;
  /** A saved project: its files are complete, their text is fetched when opened. */
  loadProject(name: string, paths: readonly string[]): void;
  setEditing(editing: boolean): void;
  /** A file an edit changed: its stored text is dropped (read again when shown); the tree follows. */
  changeFile(path: string, change: FileChange): void;
  setSelecting(on: boolean): void;
  /** An element picked in the preview: select mode ends and the edit box aims at it. */
  selectElement(element: SelectedElement): void;
  clearSelection(): void;
}

export interface WorkspaceStore {
  state: WorkspaceState;
  actions: WorkspaceActions;
}

export function createWorkspaceStore(initial: Partial<WorkspaceFields> = {}): WorkspaceStore {
  const state = proxy<WorkspaceState>(withDerivedFields({ ...initialFields(), ...initial }));
  let logSequence = 0;

  const rebuildTree = () => {
    // Replaced whole, so valtio need not track inside it; its nodes read their text from fileContents.
    state.fileTree = ref(
      buildFileTree(
        state.files.map((file) => file.path),
        state.fileContents,
      ),
    );
  };

  const actions: WorkspaceActions = {
    setStartingGeneration(starting) {
      state.isStartingGeneration = starting;
    },

    startGeneration(projectName) {
      state.isGenerating = true;
      state.selection = null;
      state.selecting = false;
      state.currentProject = projectName;
      state.files = [];
      state.fileTree = [];
      state.fileContents = {};
      state.activeFile = null;
      state.logs = [];
      state.previewUrl = null;
      state.previewLive = false;
      state.status = 'Generating';
    },

    stopGeneration() {
      state.isGenerating = false;
      // A stream that ends without closing its last file still leaves that file finished.
      for (const file of state.files) file.isStreaming = false;
      state.status = state.files.length > 0 ? 'Complete' : 'Ready';
    },

    addFile(path) {
      const existing = state.files.find((file) => file.path === path);
      if (existing) {
        // The same start marker again continues the file (token limit reached): keep what came before.
        existing.isStreaming = true;
      } else {
        state.fileContents[path] = '';
        state.files.push({ path, isStreaming: true });
        rebuildTree();
      }
      state.activeFile = path;
    },

    updateFileContent(path, content, mode = 'replace') {
      state.fileContents[path] = mode === 'append' ? (state.fileContents[path] ?? '') + content : content;
    },

    completeFile(path) {
      const file = state.files.find((entry) => entry.path === path);
      if (file) file.isStreaming = false;
    },

    setActiveFile(path) {
      state.activeFile = path;
      state.currentView = 'code';
    },

    addLog(message, type = 'info') {
      logSequence += 1;
      state.logs.push({ id: `${Date.now().toString(36)}-${logSequence}`, message, type, timestamp: Date.now() });
    },

    clearLogs() {
      state.logs = [];
    },

    setView(view) {
      state.currentView = view;
    },

    revealPreview() {
      if (state.previewUrl && state.currentView === 'terminal') state.currentView = 'preview';
    },

    toggleSidebar() {
      state.sidebarOpen = !state.sidebarOpen;
    },

    setSidebarOpen(open) {
      state.sidebarOpen = open;
    },

    setStatus(status) {
      state.status = status;
    },

    setPreviewUrl(url, live = false) {
      // The live preview is shown once; its address repeating (a reconnect replays the run) changes nothing.
      if (live && state.previewLive && state.previewUrl === url) return;
      state.previewUrl = url === '' ? null : url;
      state.previewLive = live && state.previewUrl !== null;
      // Each build's preview is loaded afresh, even at the same address.
      if (state.previewUrl) state.previewVersion += 1;
    },

    clearProject() {
      Object.assign(state, initialFields());
    },

    setEditing(editing) {
      state.isEditing = editing;
    },

    changeFile(path, change) {
      delete state.fileContents[path];
      const exists = state.files.some((file) => file.path === path);
      if (change === 'deleted') {
        state.files = state.files.filter((file) => file.path !== path);
        if (state.activeFile === path) state.activeFile = null;
      } else if (!exists) {
        state.files.push({ path, isStreaming: false });
      }
      rebuildTree();
    },

    setSelecting(on) {
      state.selecting = on;
    },

    selectElement(element) {
      state.selection = element;
      state.selecting = false;
    },

    clearSelection() {
      state.selection = null;
    },

    loadProject(name, paths) {
      if (name !== state.currentProject) {
        state.selection = null;
        state.selecting = false;
      }
      state.currentProject = name;
      state.isGenerating = false;
      state.files = paths.map((path) => ({ path, isStreaming: false }));
      state.fileContents = {};
      state.activeFile = null;
      rebuildTree();
    },
  };

  return { state, actions };
}

const WorkspaceContext = createContext<WorkspaceStore | null>(null);

export interface WorkspaceProviderProps {
  children?: ReactNode;
  /** For tests and stories; by default each provider makes its own store. */
  store?: WorkspaceStore;
}

export function WorkspaceProvider({ children, store }: WorkspaceProviderProps) {
  const [value] = useState(() => store ?? createWorkspaceStore());
  return createElement(WorkspaceContext.Provider, { value }, children);
}

/** The store itself, for event handlers and effects that must read the latest state without re-rendering. */
export function useWorkspaceStore(): WorkspaceStore {
  const store = useContext(WorkspaceContext);
  if (!store) throw new Error('useWorkspace must be used within a WorkspaceProvider');
  return store;
}

/** A render snapshot of the workspace (re-renders only on the fields read) and its actions. */
export function useWorkspace(): { state: Snapshot<WorkspaceState>; actions: WorkspaceActions } {
  const store = useWorkspaceStore();
  const state = useSnapshot(store.state);
  return { state, actions: store.actions };
}
