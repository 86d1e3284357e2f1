import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { TaskMeta } from '@/components/TaskMeta';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { TaskDispatch } from '@/hooks/useTasks';
import { cn } from '@/lib/utils';
import { STATUSES, type Status, type Task } from '@/types';

interface Props {
  tasks: Task[];
  dispatch: TaskDispatch;
}

export function TaskBoard({ tasks, dispatch }: Props) {
  const [dropTarget, setDropTarget] = useState<Status | null>(null);

  return (
    <div className="grid gap-4 md:grid-cols-3">
      {STATUSES.map((column, columnIndex) => {
        const items = tasks.filter((task) => task.status === column.id);
        return (
          <section
            key={column.id}
            aria-label={column.label}
            className={cn('grid content-start gap-3 rounded-xl border bg-muted/60 p-3 transition-colors', dropTarget === column.id && 'border-primary bg-primary/5')}
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
            <header className="flex items-center justify-between px-1">
              <h2 className="text-sm font-semibold">{column.label}</h2>
              <Badge variant="secondary">{items.length}</Badge>
            </header>
            {items.length === 0 && <p className="rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">Drop tasks here</p>}
            {items.map((task) => (
              <article
                key={task.id}
                draggable
                onDragStart={(event) => event.dataTransfer.setData('text/plain', task.id)}
                className="grid cursor-grab gap-2 rounded-lg border bg-card p-3 shadow-xs active:cursor-grabbing"
              >
                <p className="font-medium">{task.title}</p>
                <TaskMeta task={task} />
                <div className="flex justify-between">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label="Move left"
                    disabled={columnIndex === 0}
                    onClick={() => dispatch({ type: 'move', id: task.id, status: STATUSES[columnIndex - 1].id })}
                  >
                    <ChevronLeft />
                  </Button>
                  <Button variant="ghost" size="icon-sm" aria-label={'Delete ' + task.title} onClick={() => dispatch({ type: 'remove', id: task.id })}>
                    <Trash2 />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label="Move right"
                    disabled={columnIndex === STATUSES.length - 1}
                    onClick={() => dispatch({ type: 'move', id: task.id, status: STATUSES[columnIndex + 1].id })}
                  >
                    <ChevronRight />
                  </Button>
                </div>
              </article>
            ))}
          </section>
        );
      })}
    </div>
  );
}
