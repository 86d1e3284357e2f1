import { CalendarClock, CircleAlert, CircleCheck } from 'lucide-react';
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
