import { ListTodo, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TaskDispatch } from '../hooks/useTasks';
import type { Filter, Task } from '../types';
import { TaskMeta } from './TaskMeta';

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
      <div className="empty card">
        <ListTodo size={36} aria-hidden="true" />
        <p>{EMPTY_MESSAGES[filter]}</p>
      </div>
    );
  }
  return (
    <ul className="task-list card">
      {tasks.map((task) => (
        <TaskRow key={task.id} task={task} dispatch={dispatch} />
      ))}
    </ul>
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
    <li className={done ? 'task-row done' : 'task-row'}>
      <input
        type="checkbox"
        className="task-check"
        checked={done}
        onChange={() => dispatch({ type: 'toggle', id: task.id })}
        aria-label={(done ? 'Mark as not done: ' : 'Mark as done: ') + task.title}
      />
      <div className="task-body">
        {editing ? (
          <input
            className="input"
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
          <span className="task-title" onDoubleClick={() => setEditing(true)}>
            {task.title}
          </span>
        )}
        {task.notes && <span className="task-notes muted">{task.notes}</span>}
        <TaskMeta task={task} />
      </div>
      <div className="task-actions">
        {task.status === 'doing' && <span className="badge badge-doing">In progress</span>}
        <button className="icon-button" type="button" aria-label={'Rename ' + task.title} onClick={() => setEditing(true)}>
          <Pencil size={16} />
        </button>
        <button className="icon-button" type="button" aria-label={'Delete ' + task.title} onClick={() => dispatch({ type: 'remove', id: task.id })}>
          <Trash2 size={16} />
        </button>
      </div>
    </li>
  );
}
