import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PublicUser } from '@forge/protocol/api';
import { CodeThemeStyle } from '@/components/code/code-theme-style';
import { cn } from '@/lib/cn';
import { useWorkspace, useWorkspaceStore, type WorkspaceView } from '@/store/workspace';
import { CodeView } from './code-view';
import { DatabaseView } from './database-view';
import { EditBar } from './edit-bar';
import { FileTreePanel } from './file-tree-panel';
import { EMPTY_GENERATE_DRAFT, GenerateView, type GenerateDraft } from './generate-view';
import { MobileNav } from './mobile-nav';
import { PreviewView } from './preview-view';
import { SecretsView } from './secrets-view';
import { TerminalView } from './terminal-view';
import { activeJobs, reconnectToJob, useAutoReconnect } from './use-generation';
import { useImportReconnect } from './use-import';
import { useOpenProject } from './use-open-project';
import { useRefreshAfterBuild } from './use-refresh-after-build';
import { useToastClearance } from './use-toast-clearance';
import { ViewTabs } from './view-tabs';
import { WORKSPACE_PANEL_ID, tabId } from './views';
import { WorkspaceHeader } from './workspace-header';

export interface WorkspaceProps {
  user: PublicUser;
  /** `/?project=NAME`: the open project, kept in the address so reload, back/forward and links reopen it. */
  projectToOpen?: string;
  /** `/?prompt=…`, carried from the marketing page's prompt box through sign-up: fills the generate form once. */
  promptToUse?: string;
}

export function Workspace({ user, projectToOpen, promptToUse }: WorkspaceProps) {
  const { state } = useWorkspace();
  const { currentView, sidebarOpen } = state;
  const [draft, setDraft] = useState<GenerateDraft>(() => ({ ...EMPTY_GENERATE_DRAFT, prompt: promptToUse ?? '' }));

  // Decided at load: a project named in the address must not be replaced by a job found afterwards.
  const [reconnectOnLoad] = useState(projectToOpen === undefined);
  useProjectInAddress(projectToOpen);
  usePromptFromAddress(promptToUse, projectToOpen);
  useAutoReconnect(reconnectOnLoad);
  useImportReconnect(reconnectOnLoad);
  useRefreshAfterBuild();
  const panelRef = useRef<HTMLDivElement>(null);
  useToastClearance(panelRef);

  let content: ReactNode;
  switch (currentView) {
    case 'generate':
      content = <GenerateView draft={draft} onDraftChange={setDraft} />;
      break;
    case 'terminal':
      content = <TerminalView />;
      break;
    case 'database':
      content = <DatabaseView />;
      break;
    case 'secrets':
      content = <SecretsView />;
      break;
    case 'preview':
      content = <PreviewView />;
      break;
    default:
      content = <CodeView />;
  }

  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-background text-foreground">
      <CodeThemeStyle />
      <WorkspaceHeader user={user} />
      <div className="relative flex min-h-0 flex-1">
        <aside
          aria-label="Project Files"
          className={cn(
            'w-72 shrink-0 border-r border-border bg-surface',
            // Small screens: the list covers the content area instead of squeezing it.
            sidebarOpen ? 'absolute inset-0 z-20 flex w-full flex-col md:static md:w-72' : 'hidden',
            'md:flex md:flex-col',
          )}
        >
          <FileTreePanel />
        </aside>
        <main className={cn('flex min-w-0 flex-1 flex-col', sidebarOpen && 'max-md:invisible')}>
          <ViewTabs />
          <div ref={panelRef} {...panelProps(currentView)} className="relative min-h-0 flex-1">
            {content}
          </div>
          {currentView !== 'generate' && <EditBar />}
        </main>
      </div>
      <MobileNav />
    </div>
  );
}

function panelProps(view: WorkspaceView) {
  if (view === 'generate') return { id: WORKSPACE_PANEL_ID, role: 'region', 'aria-label': 'New Generation' } as const;
  return { id: WORKSPACE_PANEL_ID, role: 'tabpanel', 'aria-labelledby': tabId(view, 'desktop') } as const;
}

/**
 * The open project lives in the address (`/?project=NAME`): a reload, back/forward or a pasted link
 * opens the project named there (following its generation or edit when one still runs), and a
 * project the workspace opens by itself (a generation, a reconnect) is put there.
 */
function useProjectInAddress(projectInAddress: string | undefined) {
  const openProject = useOpenProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const store = useWorkspaceStore();
  const { currentProject } = useWorkspace().state;
  // `null` until the address was first read; then the last value acted on.
  const handledAddress = useRef<string | undefined | null>(null);
  const handledProject = useRef(currentProject);

  // Address → workspace.
  useEffect(() => {
    if (handledAddress.current === projectInAddress) return;
    const onLoad = handledAddress.current === null;
    handledAddress.current = projectInAddress;
    const { state, actions } = store;
    // A running generation or edit keeps its project on screen; the address follows it again below.
    if (state.isGenerating || state.isEditing) return;
    if (projectInAddress === undefined) {
      if (state.currentProject !== null) actions.clearProject();
      return;
    }
    if (projectInAddress === state.currentProject) return;
    void (async () => {
      if (onLoad) {
        const job = (await activeJobs(queryClient)).find((running) => running.projectName === projectInAddress);
        if (job) {
          await reconnectToJob(job, actions, queryClient).catch((err: unknown) => console.warn('Could not reconnect to the running job', err));
          return;
        }
      }
      // A project that cannot be opened (deleted, or a mistyped link) leaves the address, not an empty workspace.
      if (!(await openProject(projectInAddress)) && handledAddress.current === projectInAddress) {
        handledAddress.current = undefined;
        await navigate({ to: '/', search: {}, replace: true });
      }
    })();
  }, [projectInAddress, openProject, navigate, queryClient, store]);

  // Workspace → address: each project opened here is a step back/forward can return to.
  useEffect(() => {
    if (handledProject.current === currentProject) return;
    handledProject.current = currentProject;
    if (currentProject === null || currentProject === handledAddress.current) return;
    handledAddress.current = currentProject;
    void navigate({ to: '/', search: { project: currentProject } });
  }, [currentProject, navigate]);
}

/** The prompt carried in the address fills the form once (in `Workspace`'s first draft), then leaves the address. */
function usePromptFromAddress(promptInAddress: string | undefined, projectInAddress: string | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (promptInAddress === undefined) return;
    void navigate({ to: '/', search: projectInAddress === undefined ? {} : { project: projectInAddress }, replace: true });
  }, [promptInAddress, projectInAddress, navigate]);
}
