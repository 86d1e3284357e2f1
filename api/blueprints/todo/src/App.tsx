import { useMemo, useState } from 'react';
import { ProgressSummary } from '@/components/ProgressSummary';
import { TaskBoard } from '@/components/TaskBoard';
import { TaskComposer } from '@/components/TaskComposer';
import { TaskList } from '@/components/TaskList';
import { Toolbar } from '@/components/Toolbar';
import { Button } from '@/components/ui/button';
import { useTasks } from '@/hooks/useTasks';
import { daysFromToday } from '@/lib/dates';
import { type Filter, PRIORITY_RANK, type Sort, type Task, type View } from '@/types';

const APP_NAME = '{{title}}';
const TAGLINE = '{{tagline}}';

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
  const [view, setView] = useState<View>(/* @slot defaultView */ 'list');
  const [filter, setFilter] = useState<Filter>('active');
  const [sort, setSort] = useState<Sort>('due');
  const [project, setProject] = useState('all');
  const [query, setQuery] = useState('');

  const projects = useMemo(() => [...new Set(tasks.map((task) => task.project))].sort(), [tasks]);

  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return (
      tasks
        .filter((task) => project === 'all' || task.project === project)
        .filter((task) => !needle || (task.title + ' ' + task.notes).toLowerCase().includes(needle))
        // The board shows every status in its own column, so only the list applies the status filter.
        .filter((task) => view === 'board' || matchesFilter(task, filter))
        .sort(compareTasks(sort))
    );
  }, [tasks, project, query, view, filter, sort]);

  const open = tasks.filter((task) => task.status !== 'done').length;

  return (
    <div className="min-h-svh bg-muted/40">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">{APP_NAME}</h1>
            <p className="mt-1 text-muted-foreground">{TAGLINE}</p>
          </div>
          <ProgressSummary tasks={tasks} />
        </div>
      </header>
      <main className="mx-auto grid max-w-5xl gap-5 px-4 py-6 sm:px-6">
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
        {view === 'list' ? <TaskList tasks={visible} dispatch={dispatch} filter={filter} /> : <TaskBoard tasks={visible} dispatch={dispatch} />}
        <footer className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
          <span>
            {open} open · {tasks.length - open} done
          </span>
          <span className="flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => dispatch({ type: 'clearDone' })}>
              Clear completed
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                if (window.confirm('Replace your tasks with the sample tasks?')) dispatch({ type: 'reset' });
              }}
            >
              Restore samples
            </Button>
          </span>
        </footer>
      </main>
    </div>
  );
}
