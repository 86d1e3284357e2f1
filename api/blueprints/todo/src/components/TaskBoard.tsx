import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TaskDispatch } from '../hooks/useTasks';
import { STATUSES, type Status, type Task } from '../types';
import { TaskMeta } from './TaskMeta';

interface Props {
  tasks: Task[];
  dispatch: TaskDispatch;
}

export function TaskBoard({ tasks, dispatch }: Props) {
  const [dropTarget, setDropTarget] = useState<Status | null>(null);

  return (
    <div className="board">
      {STATUSES.map((column, columnIndex) => {
        const items = tasks.filter((task) => task.status === column.id);
        return (
          <section
            key={column.id}
            className={dropTarget === column.id ? 'board-column drop-target' : 'board-column'}
            aria-label={column.label}
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
            <header className="board-column-header">
              <h2>{column.label}</h2>
              <span className="count">{items.length}</span>
            </header>
            {items.length === 0 && <p className="board-empty muted">Drop tasks here</p>}
            {items.map((task) => (
              <article
                key={task.id}
                className="board-card card"
                draggable
                onDragStart={(event) => event.dataTransfer.setData('text/plain', task.id)}
              >
                <p className="task-title">{task.title}</p>
                <TaskMeta task={task} />
                <div className="board-card-actions">
                  <button
                    className="icon-button"
                    type="button"
                    aria-label="Move left"
                    disabled={columnIndex === 0}
                    onClick={() => dispatch({ type: 'move', id: task.id, status: STATUSES[columnIndex - 1].id })}
                  >
                    <ChevronLeft size={16} />
                  </button>
                  <button
                    className="icon-button"
                    type="button"
                    aria-label={'Delete ' + task.title}
                    onClick={() => dispatch({ type: 'remove', id: task.id })}
                  >
                    <Trash2 size={16} />
                  </button>
                  <button
                    className="icon-button"
                    type="button"
                    aria-label="Move right"
                    disabled={columnIndex === STATUSES.length - 1}
                    onClick={() => dispatch({ type: 'move', id: task.id, status: STATUSES[columnIndex + 1].id })}
                  >
                    <ChevronRight size={16} />
                  </button>
                </div>
              </article>
            ))}
          </section>
        );
      })}
    </div>
  );
}
