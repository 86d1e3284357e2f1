import { Columns3, List, Search } from 'lucide-react';
import type { Filter, Sort, View } from '../types';

const FILTERS: Array<{ id: Filter; label: string }> = [
  { id: 'active', label: 'Active' },
  { id: 'today', label: 'Due today' },
  { id: 'done', label: 'Completed' },
  { id: 'all', label: 'All' },
];

interface Props {
  view: View;
  onViewChange: (view: View) => void;
  filter: Filter;
  onFilterChange: (filter: Filter) => void;
  sort: Sort;
  onSortChange: (sort: Sort) => void;
  project: string;
  projects: string[];
  onProjectChange: (project: string) => void;
  query: string;
  onQueryChange: (query: string) => void;
}

export function Toolbar(props: Props) {
  return (
    <div className="toolbar">
      <div className="search">
        <Search size={16} aria-hidden="true" />
        <input
          className="input"
          type="search"
          placeholder="Search tasks"
          aria-label="Search tasks"
          value={props.query}
          onChange={(event) => props.onQueryChange(event.target.value)}
        />
      </div>
      {props.view === 'list' && (
        <div className="segmented" role="group" aria-label="Filter">
          {FILTERS.map((item) => (
            <button
              key={item.id}
              type="button"
              aria-pressed={props.filter === item.id}
              onClick={() => props.onFilterChange(item.id)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      <select className="input toolbar-select" aria-label="Project" value={props.project} onChange={(event) => props.onProjectChange(event.target.value)}>
        <option value="all">All projects</option>
        {props.projects.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <select className="input toolbar-select" aria-label="Sort by" value={props.sort} onChange={(event) => props.onSortChange(event.target.value as Sort)}>
        <option value="due">Sort: due date</option>
        <option value="priority">Sort: priority</option>
        <option value="created">Sort: newest</option>
      </select>
      <div className="segmented" role="group" aria-label="View">
        <button type="button" aria-pressed={props.view === 'list'} onClick={() => props.onViewChange('list')}>
          <List size={16} aria-hidden="true" /> List
        </button>
        <button type="button" aria-pressed={props.view === 'board'} onClick={() => props.onViewChange('board')}>
          <Columns3 size={16} aria-hidden="true" /> Board
        </button>
      </div>
    </div>
  );
}
