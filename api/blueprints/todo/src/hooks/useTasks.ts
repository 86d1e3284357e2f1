import { useEffect, useReducer } from 'react';
import { createSampleTasks } from '@/data/sample-tasks';
import type { Status, Task } from '@/types';

const STORAGE_KEY = '{{packageName}}:tasks:v1';

type Action =
  | { type: 'add'; task: Omit<Task, 'id' | 'createdAt' | 'status'> }
  | { type: 'update'; id: string; changes: Partial<Omit<Task, 'id'>> }
  | { type: 'toggle'; id: string }
  | { type: 'move'; id: string; status: Status }
  | { type: 'remove'; id: string }
  | { type: 'clearDone' }
  | { type: 'reset' };

function newId(): string {
  return Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
}

function reducer(tasks: Task[], action: Action): Task[] {
  switch (action.type) {
    case 'add':
      return [{ ...action.task, id: newId(), status: 'todo', createdAt: Date.now() }, ...tasks];
    case 'update':
      return tasks.map((task) => (task.id === action.id ? { ...task, ...action.changes } : task));
    case 'toggle':
      return tasks.map((task) => (task.id === action.id ? { ...task, status: task.status === 'done' ? 'todo' : 'done' } : task));
    case 'move':
      return tasks.map((task) => (task.id === action.id ? { ...task, status: action.status } : task));
    case 'remove':
      return tasks.filter((task) => task.id !== action.id);
    case 'clearDone':
      return tasks.filter((task) => task.status !== 'done');
    case 'reset':
      return createSampleTasks();
  }
}

function load(): Task[] {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored) return JSON.parse(stored) as Task[];
  } catch {
    // Storage can be unavailable (private mode) or hold something unreadable: start fresh.
  }
  return createSampleTasks();
}

/** The task list, saved to this browser's local storage on every change. */
export function useTasks() {
  const [tasks, dispatch] = useReducer(reducer, undefined, load);

  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(tasks));
    } catch {
      // Not being able to save is not worth interrupting anyone for.
    }
  }, [tasks]);

  return { tasks, dispatch };
}

export type TaskDispatch = ReturnType<typeof useTasks>['dispatch'];
