import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { Priority, Task } from '@/types';

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
    <Card className="py-4">
      <CardContent className="px-4">
        <form className="grid gap-3" onSubmit={handleSubmit}>
          <label className="sr-only" htmlFor="new-task">
            New task
          </label>
          <Input
            id="new-task"
            className="h-11 text-base"
            placeholder="Add a task, e.g. Call the bank about the card"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            autoComplete="off"
          />
          <div className="flex flex-wrap gap-2">
            <Select value={priority} onValueChange={(value) => setPriority(value as Priority)}>
              <SelectTrigger aria-label="Priority" className="w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="high">High priority</SelectItem>
                <SelectItem value="medium">Medium priority</SelectItem>
                <SelectItem value="low">Low priority</SelectItem>
              </SelectContent>
            </Select>
            <Input className="w-40" type="date" aria-label="Due date" value={due} onChange={(event) => setDue(event.target.value)} />
            <Input className="w-40" list="project-options" aria-label="Project" placeholder="Project" value={project} onChange={(event) => setProject(event.target.value)} />
            <datalist id="project-options">
              {projects.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <Button type="submit" className="ml-auto" disabled={!title.trim()}>
              <Plus /> Add task
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
