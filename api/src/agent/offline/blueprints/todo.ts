// A task manager kept in the browser: tasks with priorities, due dates and projects, shown as a
// list or a kanban board, with search, filters and progress at a glance.
import { type BlueprintContext, type ProjectFiles, hasAnyWord, js } from './blueprint-context.js';
import { assembleProject } from './scaffold.js';
import { tsLiteral } from './ts-literal.js';

type SampleTask = { title: string; project: string; priority: 'low' | 'medium' | 'high'; status: 'todo' | 'doing' | 'done'; dueInDays: number | null; notes: string };

const WORK_TASKS: SampleTask[] = [
  { title: 'Draft the Q3 roadmap for review', project: 'Work', priority: 'high', status: 'doing', dueInDays: 1, notes: 'Share with Priya before Thursday stand-up.' },
  { title: 'Reply to the design feedback thread', project: 'Work', priority: 'medium', status: 'todo', dueInDays: 0, notes: '' },
  { title: 'Prepare slides for the customer webinar', project: 'Work', priority: 'high', status: 'todo', dueInDays: 3, notes: 'Use the new case study from Northwind.' },
  { title: 'Update onboarding checklist', project: 'Work', priority: 'low', status: 'done', dueInDays: -2, notes: '' },
  { title: 'Book dentist appointment', project: 'Personal', priority: 'medium', status: 'todo', dueInDays: -1, notes: 'Morning slots work best.' },
  { title: 'Renew passport', project: 'Personal', priority: 'high', status: 'todo', dueInDays: 12, notes: 'Photos are in the desk drawer.' },
  { title: 'Plan weekend hike with Sam', project: 'Personal', priority: 'low', status: 'doing', dueInDays: 4, notes: '' },
  { title: 'Fix the leaking kitchen tap', project: 'Home', priority: 'medium', status: 'todo', dueInDays: 2, notes: 'Washer size 1/2 inch.' },
  { title: 'Order groceries for the week', project: 'Home', priority: 'medium', status: 'done', dueInDays: 0, notes: '' },
  { title: 'Water the plants', project: 'Home', priority: 'low', status: 'done', dueInDays: -1, notes: '' },
];

const PRODUCT_TASKS: SampleTask[] = [
  { title: 'Write the spec for saved searches', project: 'Product', priority: 'high', status: 'doing', dueInDays: 1, notes: 'Include the edge cases from support tickets.' },
  { title: 'Interview three churned customers', project: 'Product', priority: 'medium', status: 'todo', dueInDays: 5, notes: '' },
  { title: 'Fix login redirect loop on Safari', project: 'Engineering', priority: 'high', status: 'todo', dueInDays: 0, notes: 'Reproduces with third-party cookies blocked.' },
  { title: 'Upgrade the database driver', project: 'Engineering', priority: 'low', status: 'todo', dueInDays: 9, notes: '' },
  { title: 'Add retries to the billing webhook', project: 'Engineering', priority: 'medium', status: 'doing', dueInDays: 2, notes: '' },
  { title: 'Review pull request #482', project: 'Engineering', priority: 'medium', status: 'done', dueInDays: -1, notes: '' },
  { title: 'Launch email for the new pricing', project: 'Marketing', priority: 'high', status: 'todo', dueInDays: 3, notes: 'Needs legal sign-off.' },
  { title: 'Refresh screenshots on the website', project: 'Marketing', priority: 'low', status: 'todo', dueInDays: -2, notes: '' },
  { title: 'Publish the changelog', project: 'Marketing', priority: 'medium', status: 'done', dueInDays: 0, notes: '' },
];

const TYPES_TS = `export type Priority = 'low' | 'medium' | 'high';
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
`;

const DATES_TS = `/** Today's date as YYYY-MM-DD in the visitor's time zone. */
export function todayKey(): string {
  return toKey(new Date());
}

export function toKey(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return date.getFullYear() + '-' + month + '-' + day;
}

export function addDays(key: string, days: number): string {
  const [year, month, day] = key.split('-').map(Number);
  return toKey(new Date(year, month - 1, day + days));
}

/** Whole days from today to \`key\`: negative when it is in the past. */
export function daysFromToday(key: string): number {
  const [year, month, day] = key.split('-').map(Number);
  const [ty, tm, td] = todayKey().split('-').map(Number);
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(ty, tm - 1, td)) / 86_400_000);
}

export function describeDue(key: string): string {
  const days = daysFromToday(key);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  const [year, month, day] = key.split('-').map(Number);
  const label = new Date(year, month - 1, day).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
  return days < 0 ? label + ' (' + -days + ' days ago)' : label;
}
`;

function sampleTasksTs(tasks: SampleTask[]): string {
  return `import { addDays, todayKey } from '../lib/dates';
import type { Task } from '../types';

type Sample = Omit<Task, 'id' | 'due' | 'createdAt'> & { dueInDays: number | null };

const samples: Sample[] = ${tsLiteral(tasks)};

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
`;
}

function useTasksTs(ctx: BlueprintContext): string {
  return `import { useEffect, useReducer } from 'react';
import { createSampleTasks } from '../data/sample-tasks';
import type { Status, Task } from '../types';

const STORAGE_KEY = ${js(`${ctx.packageName}:tasks:v1`)};

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
`;
}

function appTsx(ctx: BlueprintContext, defaultView: 'list' | 'board'): string {
  return `import { useMemo, useState } from 'react';
import { ProgressHeader } from './components/ProgressHeader';
import { TaskBoard } from './components/TaskBoard';
import { TaskComposer } from './components/TaskComposer';
import { TaskList } from './components/TaskList';
import { Toolbar } from './components/Toolbar';
import { useTasks } from './hooks/useTasks';
import { daysFromToday } from './lib/dates';
import { type Filter, PRIORITY_RANK, type Sort, type Task, type View } from './types';
import './app.css';

const APP_NAME = ${js(ctx.title)};
const TAGLINE = ${js(ctx.tagline)};

function matchesFilter(task: Task, filter: Filter): boolean {
  switch (filter) {
    case 'active':
      return task.status !== 'done';
    case 'today':
      return task.status !== 'done' && task.due !== null && daysFromToday(task.due) <= 0;
    case 'done':
      return task.status === 'done';
    default:
      return true;
  }
}

function compareTasks(sort: Sort): (a: Task, b: Task) => number {
  if (sort === 'priority') return (a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || b.createdAt - a.createdAt;
  if (sort === 'created') return (a, b) => b.createdAt - a.createdAt;
  // Due first, soonest first; tasks without a date go last.
  return (a, b) => (a.due ?? '9999').localeCompare(b.due ?? '9999') || PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority];
}

export function App() {
  const { tasks, dispatch } = useTasks();
  const [view, setView] = useState<View>(${js(defaultView)});
  const [filter, setFilter] = useState<Filter>('active');
  const [sort, setSort] = useState<Sort>('due');
  const [project, setProject] = useState('all');
  const [query, setQuery] = useState('');

  const projects = useMemo(() => [...new Set(tasks.map((task) => task.project))].sort(), [tasks]);

  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return tasks
      .filter((task) => project === 'all' || task.project === project)
      .filter((task) => !needle || (task.title + ' ' + task.notes).toLowerCase().includes(needle))
      // The board shows every status in its own column, so only the list applies the status filter.
      .filter((task) => view === 'board' || matchesFilter(task, filter))
      .sort(compareTasks(sort));
  }, [tasks, project, query, view, filter, sort]);

  return (
    <div className="app">
      <ProgressHeader appName={APP_NAME} tagline={TAGLINE} tasks={tasks} />
      <main className="app-main">
        <TaskComposer projects={projects} onAdd={(task) => dispatch({ type: 'add', task })} />
        <Toolbar
          view={view}
          onViewChange={setView}
          filter={filter}
          onFilterChange={setFilter}
          sort={sort}
          onSortChange={setSort}
          project={project}
          projects={projects}
          onProjectChange={setProject}
          query={query}
          onQueryChange={setQuery}
        />
        {view === 'list' ? (
          <TaskList tasks={visible} dispatch={dispatch} filter={filter} />
        ) : (
          <TaskBoard tasks={visible} dispatch={dispatch} />
        )}
        <footer className="app-footer">
          <span>
            {tasks.filter((task) => task.status !== 'done').length} open · {tasks.filter((task) => task.status === 'done').length} done
          </span>
          <span className="footer-actions">
            <button className="btn btn-ghost btn-small" type="button" onClick={() => dispatch({ type: 'clearDone' })}>
              Clear completed
            </button>
            <button
              className="btn btn-ghost btn-small"
              type="button"
              onClick={() => {
                if (window.confirm('Replace your tasks with the sample tasks?')) dispatch({ type: 'reset' });
              }}
            >
              Restore samples
            </button>
          </span>
        </footer>
      </main>
    </div>
  );
}
`;
}

const PROGRESS_HEADER = `import { CalendarClock, CircleAlert, CircleCheck } from 'lucide-react';
import { daysFromToday } from '../lib/dates';
import type { Task } from '../types';

interface Props {
  appName: string;
  tagline: string;
  tasks: Task[];
}

export function ProgressHeader({ appName, tagline, tasks }: Props) {
  const done = tasks.filter((task) => task.status === 'done').length;
  const open = tasks.filter((task) => task.status !== 'done');
  const dueToday = open.filter((task) => task.due !== null && daysFromToday(task.due) === 0).length;
  const overdue = open.filter((task) => task.due !== null && daysFromToday(task.due) < 0).length;
  const percent = tasks.length === 0 ? 0 : Math.round((done / tasks.length) * 100);
  const radius = 30;
  const circumference = 2 * Math.PI * radius;

  return (
    <header className="progress-header">
      <div className="progress-header-inner">
        <div>
          <h1>{appName}</h1>
          <p className="muted">{tagline}</p>
        </div>
        <div className="progress-summary">
          <svg className="progress-ring" viewBox="0 0 72 72" role="img" aria-label={percent + '% of tasks complete'}>
            <circle cx="36" cy="36" r={radius} className="progress-ring-track" />
            <circle
              cx="36"
              cy="36"
              r={radius}
              className="progress-ring-value"
              strokeDasharray={circumference}
              strokeDashoffset={circumference * (1 - percent / 100)}
            />
            <text x="36" y="41" textAnchor="middle">
              {percent}%
            </text>
          </svg>
          <ul className="stat-pills">
            <li>
              <CalendarClock size={16} aria-hidden="true" /> {dueToday} due today
            </li>
            <li className={overdue > 0 ? 'danger' : undefined}>
              <CircleAlert size={16} aria-hidden="true" /> {overdue} overdue
            </li>
            <li>
              <CircleCheck size={16} aria-hidden="true" /> {done} completed
            </li>
          </ul>
        </div>
      </div>
    </header>
  );
}
`;

const TASK_COMPOSER = `import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Priority, Task } from '../types';

interface Props {
  projects: string[];
  onAdd: (task: Omit<Task, 'id' | 'createdAt' | 'status'>) => void;
}

export function TaskComposer({ projects, onAdd }: Props) {
  const [title, setTitle] = useState('');
  const [priority, setPriority] = useState<Priority>('medium');
  const [due, setDue] = useState('');
  const [project, setProject] = useState(projects[0] ?? 'Inbox');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return;
    onAdd({ title: trimmed, notes: '', priority, due: due || null, project: project.trim() || 'Inbox' });
    setTitle('');
    setDue('');
  }

  return (
    <form className="composer card" onSubmit={handleSubmit}>
      <label className="visually-hidden" htmlFor="new-task">
        New task
      </label>
      <input
        id="new-task"
        className="composer-title"
        placeholder="Add a task, e.g. Call the bank about the card"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        autoComplete="off"
      />
      <div className="composer-options">
        <select className="input" aria-label="Priority" value={priority} onChange={(event) => setPriority(event.target.value as Priority)}>
          <option value="high">High priority</option>
          <option value="medium">Medium priority</option>
          <option value="low">Low priority</option>
        </select>
        <input className="input" type="date" aria-label="Due date" value={due} onChange={(event) => setDue(event.target.value)} />
        <input
          className="input"
          list="project-options"
          aria-label="Project"
          placeholder="Project"
          value={project}
          onChange={(event) => setProject(event.target.value)}
        />
        <datalist id="project-options">
          {projects.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <button className="btn btn-primary" type="submit" disabled={!title.trim()}>
          <Plus size={18} aria-hidden="true" /> Add task
        </button>
      </div>
    </form>
  );
}
`;

const TOOLBAR = `import { Columns3, List, Search } from 'lucide-react';
import type { Filter, Sort, View } from '../types';

const FILTERS: Array<{ id: Filter; label: string }> = [
  { id: 'active', label: 'Active' },
  { id: 'today', label: 'Due today' },
  { id: 'done', label: 'Completed' },
  { id: 'all', label: 'All' },
];

interface Props {
  view: View;
  onViewChange: (view: View) => void;
  filter: Filter;
  onFilterChange: (filter: Filter) => void;
  sort: Sort;
  onSortChange: (sort: Sort) => void;
  project: string;
  projects: string[];
  onProjectChange: (project: string) => void;
  query: string;
  onQueryChange: (query: string) => void;
}

export function Toolbar(props: Props) {
  return (
    <div className="toolbar">
      <div className="search">
        <Search size={16} aria-hidden="true" />
        <input
          className="input"
          type="search"
          placeholder="Search tasks"
          aria-label="Search tasks"
          value={props.query}
          onChange={(event) => props.onQueryChange(event.target.value)}
        />
      </div>
      {props.view === 'list' && (
        <div className="segmented" role="group" aria-label="Filter">
          {FILTERS.map((item) => (
            <button
              key={item.id}
              type="button"
              aria-pressed={props.filter === item.id}
              onClick={() => props.onFilterChange(item.id)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      <select className="input toolbar-select" aria-label="Project" value={props.project} onChange={(event) => props.onProjectChange(event.target.value)}>
        <option value="all">All projects</option>
        {props.projects.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <select className="input toolbar-select" aria-label="Sort by" value={props.sort} onChange={(event) => props.onSortChange(event.target.value as Sort)}>
        <option value="due">Sort: due date</option>
        <option value="priority">Sort: priority</option>
        <option value="created">Sort: newest</option>
      </select>
      <div className="segmented" role="group" aria-label="View">
        <button type="button" aria-pressed={props.view === 'list'} onClick={() => props.onViewChange('list')}>
          <List size={16} aria-hidden="true" /> List
        </button>
        <button type="button" aria-pressed={props.view === 'board'} onClick={() => props.onViewChange('board')}>
          <Columns3 size={16} aria-hidden="true" /> Board
        </button>
      </div>
    </div>
  );
}
`;

const TASK_META = `import { Calendar, Flag } from 'lucide-react';
import { daysFromToday, describeDue } from '../lib/dates';
import type { Task } from '../types';

export function TaskMeta({ task }: { task: Task }) {
  const overdue = task.status !== 'done' && task.due !== null && daysFromToday(task.due) < 0;
  return (
    <div className="task-meta">
      <span className="badge">{task.project}</span>
      <span className={'priority priority-' + task.priority}>
        <Flag size={14} aria-hidden="true" /> {task.priority}
      </span>
      {task.due && (
        <span className={overdue ? 'due overdue' : 'due'}>
          <Calendar size={14} aria-hidden="true" /> {describeDue(task.due)}
        </span>
      )}
    </div>
  );
}
`;

const TASK_LIST = `import { ListTodo, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TaskDispatch } from '../hooks/useTasks';
import type { Filter, Task } from '../types';
import { TaskMeta } from './TaskMeta';

const EMPTY_MESSAGES: Record<Filter, string> = {
  active: 'Nothing left to do. Enjoy the quiet, or add something new above.',
  today: 'Nothing due today. A good day to get ahead.',
  done: 'No completed tasks yet. Tick one off and it will show up here.',
  all: 'No tasks match. Try another search or project.',
};

interface Props {
  tasks: Task[];
  dispatch: TaskDispatch;
  filter: Filter;
}

export function TaskList({ tasks, dispatch, filter }: Props) {
  if (tasks.length === 0) {
    return (
      <div className="empty card">
        <ListTodo size={36} aria-hidden="true" />
        <p>{EMPTY_MESSAGES[filter]}</p>
      </div>
    );
  }
  return (
    <ul className="task-list card">
      {tasks.map((task) => (
        <TaskRow key={task.id} task={task} dispatch={dispatch} />
      ))}
    </ul>
  );
}

function TaskRow({ task, dispatch }: { task: Task; dispatch: TaskDispatch }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(task.title);
  const done = task.status === 'done';

  function save() {
    const title = draft.trim();
    if (title && title !== task.title) dispatch({ type: 'update', id: task.id, changes: { title } });
    else setDraft(task.title);
    setEditing(false);
  }

  return (
    <li className={done ? 'task-row done' : 'task-row'}>
      <input
        type="checkbox"
        className="task-check"
        checked={done}
        onChange={() => dispatch({ type: 'toggle', id: task.id })}
        aria-label={(done ? 'Mark as not done: ' : 'Mark as done: ') + task.title}
      />
      <div className="task-body">
        {editing ? (
          <input
            className="input"
            value={draft}
            autoFocus
            aria-label="Task title"
            onChange={(event) => setDraft(event.target.value)}
            onBlur={save}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save();
              if (event.key === 'Escape') {
                setDraft(task.title);
                setEditing(false);
              }
            }}
          />
        ) : (
          <span className="task-title" onDoubleClick={() => setEditing(true)}>
            {task.title}
          </span>
        )}
        {task.notes && <span className="task-notes muted">{task.notes}</span>}
        <TaskMeta task={task} />
      </div>
      <div className="task-actions">
        {task.status === 'doing' && <span className="badge badge-doing">In progress</span>}
        <button className="icon-button" type="button" aria-label={'Rename ' + task.title} onClick={() => setEditing(true)}>
          <Pencil size={16} />
        </button>
        <button className="icon-button" type="button" aria-label={'Delete ' + task.title} onClick={() => dispatch({ type: 'remove', id: task.id })}>
          <Trash2 size={16} />
        </button>
      </div>
    </li>
  );
}
`;

const TASK_BOARD = `import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TaskDispatch } from '../hooks/useTasks';
import { STATUSES, type Status, type Task } from '../types';
import { TaskMeta } from './TaskMeta';

interface Props {
  tasks: Task[];
  dispatch: TaskDispatch;
}

export function TaskBoard({ tasks, dispatch }: Props) {
  const [dropTarget, setDropTarget] = useState<Status | null>(null);

  return (
    <div className="board">
      {STATUSES.map((column, columnIndex) => {
        const items = tasks.filter((task) => task.status === column.id);
        return (
          <section
            key={column.id}
            className={dropTarget === column.id ? 'board-column drop-target' : 'board-column'}
            aria-label={column.label}
            onDragOver={(event) => {
              event.preventDefault();
              setDropTarget(column.id);
            }}
            onDragLeave={() => setDropTarget(null)}
            onDrop={(event) => {
              event.preventDefault();
              const id = event.dataTransfer.getData('text/plain');
              if (id) dispatch({ type: 'move', id, status: column.id });
              setDropTarget(null);
            }}
          >
            <header className="board-column-header">
              <h2>{column.label}</h2>
              <span className="count">{items.length}</span>
            </header>
            {items.length === 0 && <p className="board-empty muted">Drop tasks here</p>}
            {items.map((task) => (
              <article
                key={task.id}
                className="board-card card"
                draggable
                onDragStart={(event) => event.dataTransfer.setData('text/plain', task.id)}
              >
                <p className="task-title">{task.title}</p>
                <TaskMeta task={task} />
                <div className="board-card-actions">
                  <button
                    className="icon-button"
                    type="button"
                    aria-label="Move left"
                    disabled={columnIndex === 0}
                    onClick={() => dispatch({ type: 'move', id: task.id, status: STATUSES[columnIndex - 1].id })}
                  >
                    <ChevronLeft size={16} />
                  </button>
                  <button
                    className="icon-button"
                    type="button"
                    aria-label={'Delete ' + task.title}
                    onClick={() => dispatch({ type: 'remove', id: task.id })}
                  >
                    <Trash2 size={16} />
                  </button>
                  <button
                    className="icon-button"
                    type="button"
                    aria-label="Move right"
                    disabled={columnIndex === STATUSES.length - 1}
                    onClick={() => dispatch({ type: 'move', id: task.id, status: STATUSES[columnIndex + 1].id })}
                  >
                    <ChevronRight size={16} />
                  </button>
                </div>
              </article>
            ))}
          </section>
        );
      })}
    </div>
  );
}
`;

const APP_CSS = `.app {
  min-height: 100vh;
}

.progress-header {
  padding: 2.5rem 1.25rem 2rem;
  background: linear-gradient(135deg, var(--color-primary), color-mix(in srgb, var(--color-primary) 55%, var(--color-accent)));
  color: var(--color-on-primary);
}

.progress-header-inner,
.app-main {
  width: min(100%, 960px);
  margin-inline: auto;
}

.progress-header-inner {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 1.5rem;
}

.progress-header h1 {
  font-size: clamp(1.8rem, 4vw, 2.4rem);
}

.progress-header .muted {
  color: color-mix(in srgb, var(--color-on-primary) 80%, transparent);
  max-width: 32rem;
}

.progress-summary {
  display: flex;
  align-items: center;
  gap: 1.25rem;
}

.progress-ring {
  width: 76px;
  height: 76px;
  transform: rotate(-90deg);
}

.progress-ring circle {
  fill: none;
  stroke-width: 7;
}

.progress-ring-track {
  stroke: color-mix(in srgb, var(--color-on-primary) 25%, transparent);
}

.progress-ring-value {
  stroke: var(--color-on-primary);
  stroke-linecap: round;
  transition: stroke-dashoffset 0.4s ease;
}

.progress-ring text {
  transform: rotate(90deg);
  transform-origin: 36px 36px;
  fill: var(--color-on-primary);
  font-size: 15px;
  font-weight: 700;
}

.stat-pills {
  display: grid;
  gap: 0.35rem;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.92rem;
}

.stat-pills li {
  display: flex;
  align-items: center;
  gap: 0.45rem;
}

.stat-pills li.danger {
  font-weight: 700;
}

.app-main {
  display: grid;
  gap: 1rem;
  padding: 0 1.25rem 3rem;
  margin-top: -1.25rem;
}

.composer {
  display: grid;
  gap: 0.75rem;
  padding: 1rem;
  box-shadow: var(--shadow);
}

.composer-title {
  width: 100%;
  padding: 0.5rem 0.25rem;
  border: 0;
  background: transparent;
  font-size: 1.1rem;
}

.composer-title:focus {
  outline: none;
}

.composer-options {
  display: grid;
  grid-template-columns: 1fr 1fr 1fr auto;
  gap: 0.6rem;
}

.toolbar {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.6rem;
}

.search {
  position: relative;
  flex: 1 1 14rem;
}

.search svg {
  position: absolute;
  top: 50%;
  left: 0.8rem;
  transform: translateY(-50%);
  color: var(--color-muted);
}

.search .input {
  padding-left: 2.2rem;
}

.toolbar-select {
  width: auto;
}

.segmented {
  display: inline-flex;
  padding: 3px;
  border: 1px solid var(--color-border);
  border-radius: 999px;
  background: var(--color-surface);
}

.segmented button {
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  padding: 0.4rem 0.8rem;
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: var(--color-muted);
  font-size: 0.88rem;
  font-weight: 600;
  cursor: pointer;
}

.segmented button[aria-pressed='true'] {
  background: var(--color-primary-soft);
  color: var(--color-primary-text);
}

.task-list {
  margin: 0;
  padding: 0;
  list-style: none;
  overflow: hidden;
}

.task-row {
  display: flex;
  align-items: flex-start;
  gap: 0.85rem;
  padding: 0.95rem 1rem;
  border-bottom: 1px solid var(--color-border);
}

.task-row:last-child {
  border-bottom: 0;
}

.task-row:hover {
  background: var(--color-surface-alt);
}

.task-check {
  flex: none;
  width: 1.2rem;
  height: 1.2rem;
  margin-top: 0.2rem;
  accent-color: var(--color-primary);
  cursor: pointer;
}

.task-body {
  display: grid;
  flex: 1;
  gap: 0.3rem;
  min-width: 0;
}

.task-title {
  font-weight: 500;
  overflow-wrap: anywhere;
}

.task-row.done .task-title {
  color: var(--color-muted);
  text-decoration: line-through;
}

.task-notes {
  font-size: 0.88rem;
}

.task-meta {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.6rem;
  font-size: 0.8rem;
}

.priority,
.due {
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  color: var(--color-muted);
}

.priority {
  text-transform: capitalize;
}

.priority-high {
  color: var(--color-danger);
  font-weight: 600;
}

.priority-medium {
  color: var(--color-warning);
}

.due.overdue {
  color: var(--color-danger);
  font-weight: 600;
}

.task-actions {
  display: flex;
  align-items: center;
  gap: 0.15rem;
}

.badge-doing {
  background: color-mix(in srgb, var(--color-accent) 18%, transparent);
  color: var(--color-text);
}

.empty {
  display: grid;
  justify-items: center;
  gap: 0.75rem;
  padding: 3rem 1.5rem;
  color: var(--color-muted);
  text-align: center;
}

.board {
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1rem;
  align-items: start;
}

.board-column {
  display: grid;
  gap: 0.75rem;
  min-height: 12rem;
  padding: 0.85rem;
  border: 1px dashed transparent;
  border-radius: var(--radius);
  background: var(--color-surface-alt);
  transition: border-color 0.15s ease;
}

.board-column.drop-target {
  border-color: var(--color-primary);
}

.board-column-header {
  display: flex;
  align-items: center;
  justify-content: space-between;
}

.board-column-header h2 {
  font-size: 0.95rem;
}

.count {
  min-width: 1.6rem;
  padding: 0 0.45rem;
  border-radius: 999px;
  background: var(--color-surface);
  color: var(--color-muted);
  font-size: 0.8rem;
  font-weight: 700;
  text-align: center;
}

.board-empty {
  padding: 1.5rem 0;
  font-size: 0.88rem;
  text-align: center;
}

.board-card {
  display: grid;
  gap: 0.6rem;
  padding: 0.85rem;
  cursor: grab;
}

.board-card-actions {
  display: flex;
  justify-content: space-between;
}

.board-card-actions .icon-button:disabled {
  opacity: 0.3;
  cursor: default;
}

.app-footer {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  color: var(--color-muted);
  font-size: 0.88rem;
}

@media (max-width: 768px) {
  .composer-options {
    grid-template-columns: 1fr 1fr;
  }

  .composer-options .btn {
    grid-column: 1 / -1;
  }

  .board {
    grid-template-columns: 1fr;
  }

  .toolbar-select {
    flex: 1 1 45%;
  }
}
`;

export function todoBlueprint(ctx: BlueprintContext): ProjectFiles {
  const productTeam = hasAnyWord(ctx.words, ['kanban', 'sprint', 'team', 'engineering', 'product', 'backlog', 'scrum', 'agile', 'bug']);
  const defaultView = hasAnyWord(ctx.words, ['kanban', 'board', 'boards', 'column']) ? 'board' : 'list';
  return assembleProject(ctx, {
    kind: 'a task manager',
    features: [
      'Add tasks with a priority, a due date and a project',
      'List view with filters (active, due today, completed), search and sorting',
      'Kanban board with drag and drop between To do, In progress and Done',
      'Progress ring with due-today and overdue counts',
      'Rename by double-click, delete, clear completed',
      'Everything saved in local storage, so tasks survive a reload',
    ],
    files: {
      'src/App.tsx': appTsx(ctx, defaultView),
      'src/app.css': APP_CSS,
      'src/types.ts': TYPES_TS,
      'src/lib/dates.ts': DATES_TS,
      'src/data/sample-tasks.ts': sampleTasksTs(productTeam ? PRODUCT_TASKS : WORK_TASKS),
      'src/hooks/useTasks.ts': useTasksTs(ctx),
      'src/components/ProgressHeader.tsx': PROGRESS_HEADER,
      'src/components/TaskComposer.tsx': TASK_COMPOSER,
      'src/components/Toolbar.tsx': TOOLBAR,
      'src/components/TaskMeta.tsx': TASK_META,
      'src/components/TaskList.tsx': TASK_LIST,
      'src/components/TaskBoard.tsx': TASK_BOARD,
    },
  });
}
