import { CalendarClock, CircleAlert, CircleCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { daysFromToday } from '@/lib/dates';
import type { Task } from '@/types';

const RADIUS = 30;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A progress ring with today's, the overdue and the completed counts. */
export function ProgressSummary({ tasks }: { tasks: Task[] }) {
  const done = tasks.filter((task) => task.status === 'done').length;
  const open = tasks.filter((task) => task.status !== 'done');
  const dueToday = open.filter((task) => task.due !== null && daysFromToday(task.due) === 0).length;
  const overdue = open.filter((task) => task.due !== null && daysFromToday(task.due) < 0).length;
  const percent = tasks.length === 0 ? 0 : Math.round((done / tasks.length) * 100);

  return (
    <div className="flex items-center gap-5">
      <svg className="size-18 shrink-0 -rotate-90" viewBox="0 0 72 72" role="img" aria-label={`${percent}% of tasks complete`}>
        <circle cx="36" cy="36" r={RADIUS} fill="none" strokeWidth="7" className="stroke-muted" />
        <circle
          cx="36"
          cy="36"
          r={RADIUS}
          fill="none"
          strokeWidth="7"
          strokeLinecap="round"
          className="stroke-primary transition-[stroke-dashoffset] duration-500"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
        />
        <text x="36" y="41" textAnchor="middle" className="rotate-90 fill-foreground text-[15px] font-bold" style={{ transformOrigin: '36px 36px' }}>
          {percent}%
        </text>
      </svg>
      <ul className="grid gap-1.5 text-sm">
        <li>
          <Badge variant="secondary">
            <CalendarClock aria-hidden /> {dueToday} due today
          </Badge>
        </li>
        <li>
          <Badge variant={overdue > 0 ? 'destructive' : 'secondary'}>
            <CircleAlert aria-hidden /> {overdue} overdue
          </Badge>
        </li>
        <li>
          <Badge variant="success">
            <CircleCheck aria-hidden /> {done} completed
          </Badge>
        </li>
      </ul>
    </div>
  );
}
