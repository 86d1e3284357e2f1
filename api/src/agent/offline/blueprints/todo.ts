// A task manager kept in the browser (api/blueprints/todo): tasks with priorities, due dates and
// projects, shown as a list or a kanban board, with search, filters and progress at a glance.
import { type BlueprintEntry, hasAnyWord } from './blueprint-context.js';

export const todoBlueprint: BlueprintEntry = {
  id: 'todo',
  isDataApp: false,
  summary: 'tasks with priorities, due dates and projects, a list and a board view, filters and local persistence',
  defaults: () => ({
    title: 'Taskflow',
    tagline: 'Plan your day, focus on what matters, and get it done.',
    palette: { primary: '#2563eb', accent: '#10b981', scheme: 'light' },
    kind: 'a task manager',
  }),
  files: [
    'src/App.tsx',
    'src/components/ProgressSummary.tsx',
    'src/components/TaskComposer.tsx',
    'src/components/Toolbar.tsx',
    'src/components/TaskList.tsx',
    'src/components/TaskBoard.tsx',
    'src/components/TaskMeta.tsx',
    'src/types.ts',
    'src/hooks/useTasks.ts',
    'src/lib/dates.ts',
    'src/data/sample-tasks.ts',
  ],
  fill(ctx) {
    const productTeam = hasAnyWord(ctx.words, ['kanban', 'sprint', 'team', 'engineering', 'product', 'backlog', 'scrum', 'agile', 'bug']);
    return {
      features: [
        'Add tasks with a priority, a due date and a project',
        'List view with filters (active, due today, completed), search and sorting',
        'Kanban board with drag and drop between To do, In progress and Done',
        'Progress ring with due-today and overdue counts',
        'Rename by double-click, delete, clear completed',
        'Everything saved in local storage, so tasks survive a reload',
      ],
      variants: productTeam ? ['product-team'] : [],
      slots: { defaultView: hasAnyWord(ctx.words, ['kanban', 'board', 'boards', 'column']) ? 'board' : 'list' },
    };
  },
};
