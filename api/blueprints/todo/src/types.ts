export type Priority = 'low' | 'medium' | 'high';
export type Status = 'todo' | 'doing' | 'done';
export type View = 'list' | 'board';
export type Filter = 'all' | 'active' | 'today' | 'done';
export type Sort = 'due' | 'priority' | 'created';

export interface Task {
  id: string;
  title: string;
  notes: string;
  project: string;
  priority: Priority;
  status: Status;
  /** A calendar day, YYYY-MM-DD, or null for no due date. */
  due: string | null;
  createdAt: number;
}

export const STATUSES: Array<{ id: Status; label: string }> = [
  { id: 'todo', label: 'To do' },
  { id: 'doing', label: 'In progress' },
  { id: 'done', label: 'Done' },
];

export const PRIORITY_RANK: Record<Priority, number> = { high: 0, medium: 1, low: 2 };
