import { Code, Database, Eye, KeyRound, SquareTerminal, type LucideIcon } from 'lucide-react';
import type { WorkspaceView } from '@/store/workspace';

export type TabView = Exclude<WorkspaceView, 'generate'>;

export interface ViewTab {
  view: TabView;
  /** Desktop tab label. */
  label: string;
  /** Mobile bottom-bar label, short to fit: Code, Terminal, DB, Keys, Preview. */
  shortLabel: string;
  icon: LucideIcon;
}

export const VIEW_TABS: readonly ViewTab[] = [
  { view: 'code', label: 'Code', shortLabel: 'Code', icon: Code },
  { view: 'terminal', label: 'Terminal', shortLabel: 'Terminal', icon: SquareTerminal },
  { view: 'database', label: 'Database', shortLabel: 'DB', icon: Database },
  { view: 'secrets', label: 'Secrets', shortLabel: 'Keys', icon: KeyRound },
  { view: 'preview', label: 'Preview', shortLabel: 'Preview', icon: Eye },
];

export const WORKSPACE_PANEL_ID = 'workspace-panel';

export function tabId(view: TabView, variant: 'desktop' | 'mobile'): string {
  return `workspace-tab-${variant}-${view}`;
}
