import { addDays, todayKey } from '@/lib/dates';
import type { Task } from '@/types';

type Sample = Omit<Task, 'id' | 'due' | 'createdAt'> & { dueInDays: number | null };

const samples: Sample[] = /* @slot samples */ [
  {
    title: 'Draft the Q3 roadmap for review',
    project: 'Work',
    priority: 'high',
    status: 'doing',
    dueInDays: 1,
    notes: 'Share with Priya before Thursday stand-up.',
  },
  {
    title: 'Reply to the design feedback thread',
    project: 'Work',
    priority: 'medium',
    status: 'todo',
    dueInDays: 0,
    notes: '',
  },
  {
    title: 'Prepare slides for the customer webinar',
    project: 'Work',
    priority: 'high',
    status: 'todo',
    dueInDays: 3,
    notes: 'Use the new case study from Northwind.',
  },
  {
    title: 'Update onboarding checklist',
    project: 'Work',
    priority: 'low',
    status: 'done',
    dueInDays: -2,
    notes: '',
  },
  {
    title: 'Book dentist appointment',
    project: 'Personal',
    priority: 'medium',
    status: 'todo',
    dueInDays: -1,
    notes: 'Morning slots work best.',
  },
  {
    title: 'Renew passport',
    project: 'Personal',
    priority: 'high',
    status: 'todo',
    dueInDays: 12,
    notes: 'Photos are in the desk drawer.',
  },
  {
    title: 'Plan weekend hike with Sam',
    project: 'Personal',
    priority: 'low',
    status: 'doing',
    dueInDays: 4,
    notes: '',
  },
  {
    title: 'Fix the leaking kitchen tap',
    project: 'Home',
    priority: 'medium',
    status: 'todo',
    dueInDays: 2,
    notes: 'Washer size 1/2 inch.',
  },
  {
    title: 'Order groceries for the week',
    project: 'Home',
    priority: 'medium',
    status: 'done',
    dueInDays: 0,
    notes: '',
  },
  {
    title: 'Water the plants',
    project: 'Home',
    priority: 'low',
    status: 'done',
    dueInDays: -1,
    notes: '',
  },
];

/** The tasks a first visit starts with, due dates relative to today. */
export function createSampleTasks(): Task[] {
  const today = todayKey();
  const now = Date.now();
  return samples.map(({ dueInDays, ...task }, index) => ({
    ...task,
    id: 'sample-' + index,
    due: dueInDays === null ? null : addDays(today, dueInDays),
    createdAt: now - index * 60_000,
  }));
}
