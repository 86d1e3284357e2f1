import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Order, OrderStatus } from '@/data/metrics';
import { formatCurrency, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

type SortKey = 'id' | 'customer' | 'date' | 'amount' | 'status';

const COLUMNS: Array<{ key: SortKey; label: string; numeric?: boolean }> = [
  { key: 'id', label: 'Order' },
  { key: 'customer', label: 'Customer' },
  { key: 'date', label: 'Date' },
  { key: 'status', label: 'Status' },
  { key: 'amount', label: 'Amount', numeric: true },
];

const PAGE_SIZE = 8;
const STATUS_FILTERS: Array<OrderStatus | 'All'> = ['All', 'Paid', 'Shipped', 'Pending', 'Refunded'];
const STATUS_BADGE = { Paid: 'success', Shipped: 'secondary', Pending: 'warning', Refunded: 'destructive' } as const;

function compare(a: Order, b: Order, key: SortKey): number {
  if (key === 'amount') return a.amount - b.amount;
  if (key === 'date') return a.date.getTime() - b.date.getTime();
  return String(a[key]).localeCompare(String(b[key]));
}

export function OrdersTable({ orders, className }: { orders: Order[]; className?: string }) {
  const [sortKey, setSortKey] = useState<SortKey>('date');
  const [ascending, setAscending] = useState(false);
  const [status, setStatus] = useState<OrderStatus | 'All'>('All');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);

  const rows = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return orders
      .filter((order) => status === 'All' || order.status === status)
      .filter((order) => !needle || (order.id + ' ' + order.customer + ' ' + order.product).toLowerCase().includes(needle))
      .sort((a, b) => compare(a, b, sortKey) * (ascending ? 1 : -1));
  }, [orders, status, query, sortKey, ascending]);

  const pageCount = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const currentPage = Math.min(page, pageCount - 1);
  const visible = rows.slice(currentPage * PAGE_SIZE, (currentPage + 1) * PAGE_SIZE);

  function sortBy(key: SortKey) {
    if (key === sortKey) setAscending((value) => !value);
    else {
      setSortKey(key);
      setAscending(key === 'customer' || key === 'id');
    }
  }

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>Recent orders</CardTitle>
        <CardDescription>{rows.length} orders</CardDescription>
        <CardAction className="flex flex-wrap gap-2">
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              className="w-48 pl-9"
              type="search"
              placeholder="Search orders"
              aria-label="Search orders"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setPage(0);
              }}
            />
          </div>
          <Select
            value={status}
            onValueChange={(value) => {
              setStatus(value as OrderStatus | 'All');
              setPage(0);
            }}
          >
            <SelectTrigger aria-label="Status" className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {STATUS_FILTERS.map((option) => (
                <SelectItem key={option} value={option}>
                  {option === 'All' ? 'All statuses' : option}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </CardAction>
      </CardHeader>
      <CardContent>
        <Table>
          <TableHeader>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableHead key={column.key} className={cn(column.numeric && 'text-right')} aria-sort={sortKey === column.key ? (ascending ? 'ascending' : 'descending') : 'none'}>
                  <button type="button" className="inline-flex cursor-pointer items-center gap-1 uppercase hover:text-foreground" onClick={() => sortBy(column.key)}>
                    {column.label}
                    {sortKey === column.key && (ascending ? <ArrowUp className="size-3.5" aria-hidden /> : <ArrowDown className="size-3.5" aria-hidden />)}
                  </button>
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {visible.map((order) => (
              <TableRow key={order.id}>
                <TableCell className="font-medium">{order.id}</TableCell>
                <TableCell>
                  <div className="font-medium">{order.customer}</div>
                  <div className="text-xs text-muted-foreground">{order.product}</div>
                </TableCell>
                <TableCell className="text-muted-foreground">{formatDateTime(order.date)}</TableCell>
                <TableCell>
                  <Badge variant={STATUS_BADGE[order.status]}>{order.status}</Badge>
                </TableCell>
                <TableCell className="text-right font-medium tabular-nums">{formatCurrency(order.amount)}</TableCell>
              </TableRow>
            ))}
            {visible.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} className="py-10 text-center text-muted-foreground">
                  No orders match. Try another search or status.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </CardContent>
      <CardFooter className="justify-between text-sm text-muted-foreground">
        <span>
          Page {currentPage + 1} of {pageCount}
        </span>
        <span className="flex gap-2">
          <Button variant="outline" size="sm" disabled={currentPage === 0} onClick={() => setPage(currentPage - 1)}>
            <ChevronLeft /> Previous
          </Button>
          <Button variant="outline" size="sm" disabled={currentPage >= pageCount - 1} onClick={() => setPage(currentPage + 1)}>
            Next <ChevronRight />
          </Button>
        </span>
      </CardFooter>
    </Card>
  );
}
