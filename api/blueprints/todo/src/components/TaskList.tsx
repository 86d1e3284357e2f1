import { ListTodo, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { TaskMeta } from '@/components/TaskMeta';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import type { TaskDispatch } from '@/hooks/useTasks';
import { cn } from '@/lib/utils';
import type { Filter, Task } from '@/types';

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
      <Card className="items-center gap-3 py-12 text-center text-muted-foreground">
        <ListTodo className="size-9" aria-hidden />
        <p>{EMPTY_MESSAGES[filter]}</p>
      </Card>
    );
  }
  return (
    <Card className="gap-0 py-0">
      <ul className="divide-y">
        {tasks.map((task) => (
          <TaskRow key={task.id} task={task} dispatch={dispatch} />
        ))}
      </ul>
    </Card>
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
    <li className="group flex items-start gap-3 px-4 py-3.5 transition-colors hover:bg-muted/40">
      <Checkbox
        className="mt-1"
        checked={done}
        onCheckedChange={() => dispatch({ type: 'toggle', id: task.id })}
        aria-label={(done ? 'Mark as not done: ' : 'Mark as done: ') + task.title}
      />
      <div className="grid min-w-0 flex-1 gap-1.5">
        {editing ? (
          <Input
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
          <span className={cn('font-medium', done && 'text-muted-foreground line-through')} onDoubleClick={() => setEditing(true)}>
            {task.title}
          </span>
        )}
        {task.notes && <span className="text-sm text-muted-foreground">{task.notes}</span>}
        <TaskMeta task={task} />
      </div>
      <div className="flex items-center gap-1">
        {task.status === 'doing' && <Badge variant="accent">In progress</Badge>}
        <Button variant="ghost" size="icon-sm" aria-label={'Rename ' + task.title} onClick={() => setEditing(true)}>
          <Pencil />
        </Button>
        <Button variant="ghost" size="icon-sm" aria-label={'Delete ' + task.title} onClick={() => dispatch({ type: 'remove', id: task.id })}>
          <Trash2 />
        </Button>
      </div>
    </li>
  );
}
