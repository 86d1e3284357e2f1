// Sample tasks for a product or engineering team (a kanban board, a sprint, a backlog): they
// replace the `samples` of src/data/sample-tasks.ts.
import type { Task } from '../src/types';

export const samples: Array<Omit<Task, 'id' | 'due' | 'createdAt'> & { dueInDays: number | null }> = [
  {
    title: 'Write the spec for saved searches',
    project: 'Product',
    priority: 'high',
    status: 'doing',
    dueInDays: 1,
    notes: 'Include the edge cases from support tickets.',
  },
  {
    title: 'Interview three churned customers',
    project: 'Product',
    priority: 'medium',
    status: 'todo',
    dueInDays: 5,
    notes: '',
  },
  {
    title: 'Fix login redirect loop on Safari',
    project: 'Engineering',
    priority: 'high',
    status: 'todo',
    dueInDays: 0,
    notes: 'Reproduces with third-party cookies blocked.',
  },
  {
    title: 'Upgrade the database driver',
    project: 'Engineering',
    priority: 'low',
    status: 'todo',
    dueInDays: 9,
    notes: '',
  },
  {
    title: 'Add retries to the billing webhook',
    project: 'Engineering',
    priority: 'medium',
    status: 'doing',
    dueInDays: 2,
    notes: '',
  },
  {
    title: 'Review pull request #482',
    project: 'Engineering',
    priority: 'medium',
    status: 'done',
    dueInDays: -1,
    notes: '',
  },
  {
    title: 'Launch email for the new pricing',
    project: 'Marketing',
    priority: 'high',
    status: 'todo',
    dueInDays: 3,
    notes: 'Needs legal sign-off.',
  },
  {
    title: 'Refresh screenshots on the website',
    project: 'Marketing',
    priority: 'low',
    status: 'todo',
    dueInDays: -2,
    notes: '',
  },
  {
    title: 'Publish the changelog',
    project: 'Marketing',
    priority: 'medium',
    status: 'done',
    dueInDays: 0,
    notes: '',
  },
];
