import { Calendar, Flag } from 'lucide-react';
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
