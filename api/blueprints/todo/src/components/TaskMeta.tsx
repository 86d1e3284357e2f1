import { Calendar, Flag } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { daysFromToday, describeDue } from '@/lib/dates';
import { cn } from '@/lib/utils';
import type { Priority, Task } from '@/types';

const PRIORITY_CLASS: Record<Priority, string> = {
  high: 'text-destructive',
  medium: 'text-warning',
  low: 'text-muted-foreground',
};

export function TaskMeta({ task }: { task: Task }) {
  const overdue = task.status !== 'done' && task.due !== null && daysFromToday(task.due) < 0;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      <Badge variant="outline">{task.project}</Badge>
      <span className={cn('inline-flex items-center gap-1 capitalize', PRIORITY_CLASS[task.priority])}>
        <Flag className="size-3.5" aria-hidden /> {task.priority}
      </span>
      {task.due && (
        <span className={cn('inline-flex items-center gap-1', overdue ? 'font-medium text-destructive' : 'text-muted-foreground')}>
          <Calendar className="size-3.5" aria-hidden /> {describeDue(task.due)}
        </span>
      )}
    </div>
  );
}
