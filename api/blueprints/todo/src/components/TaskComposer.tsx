import { Plus } from 'lucide-react';
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
