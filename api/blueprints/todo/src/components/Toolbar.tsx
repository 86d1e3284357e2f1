import { Columns3, List, Search } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { Filter, Sort, View } from '@/types';

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
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative min-w-48 flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input className="pl-9" type="search" placeholder="Search tasks" aria-label="Search tasks" value={props.query} onChange={(event) => props.onQueryChange(event.target.value)} />
      </div>
      {props.view === 'list' && (
        <Tabs value={props.filter} onValueChange={(value) => props.onFilterChange(value as Filter)}>
          <TabsList aria-label="Filter">
            {FILTERS.map((item) => (
              <TabsTrigger key={item.id} value={item.id}>
                {item.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </Tabs>
      )}
      <Select value={props.project} onValueChange={props.onProjectChange}>
        <SelectTrigger aria-label="Project" className="w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="all">All projects</SelectItem>
          {props.projects.map((name) => (
            <SelectItem key={name} value={name}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Select value={props.sort} onValueChange={(value) => props.onSortChange(value as Sort)}>
        <SelectTrigger aria-label="Sort by" className="w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="due">Sort: due date</SelectItem>
          <SelectItem value="priority">Sort: priority</SelectItem>
          <SelectItem value="created">Sort: newest</SelectItem>
        </SelectContent>
      </Select>
      <Tabs value={props.view} onValueChange={(value) => props.onViewChange(value as View)}>
        <TabsList aria-label="View">
          <TabsTrigger value="list">
            <List /> List
          </TabsTrigger>
          <TabsTrigger value="board">
            <Columns3 /> Board
          </TabsTrigger>
        </TabsList>
      </Tabs>
    </div>
  );
}
