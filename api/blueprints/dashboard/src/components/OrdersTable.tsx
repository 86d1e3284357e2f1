import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Order, OrderStatus } from '../data/metrics';
import { formatCurrency } from '../lib/format';

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

function compare(a: Order, b: Order, key: SortKey): number {
  if (key === 'amount') return a.amount - b.amount;
  if (key === 'date') return a.date.getTime() - b.date.getTime();
  return String(a[key]).localeCompare(String(b[key]));
}

export function OrdersTable({ orders }: { orders: Order[] }) {
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
    <div className="orders">
      <header className="panel-header">
        <div>
          <h2>Recent orders</h2>
          <p className="muted">{rows.length} orders</p>
        </div>
        <div className="orders-controls">
          <div className="search">
            <Search size={16} aria-hidden="true" />
            <input
              className="input"
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
          <select
            className="input"
            aria-label="Status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as OrderStatus | 'All');
              setPage(0);
            }}
          >
            {STATUS_FILTERS.map((option) => (
              <option key={option} value={option}>
                {option === 'All' ? 'All statuses' : option}
              </option>
            ))}
          </select>
        </div>
      </header>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th
                  key={column.key}
                  className={column.numeric ? 'numeric' : undefined}
                  aria-sort={sortKey === column.key ? (ascending ? 'ascending' : 'descending') : 'none'}
                >
                  <button type="button" onClick={() => sortBy(column.key)}>
                    {column.label}
                    {sortKey === column.key && (ascending ? <ArrowUp size={14} aria-hidden="true" /> : <ArrowDown size={14} aria-hidden="true" />)}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((order) => (
              <tr key={order.id}>
                <td className="mono">{order.id}</td>
                <td>
                  <div className="customer">
                    <strong>{order.customer}</strong>
                    <span className="muted">{order.product}</span>
                  </div>
                </td>
                <td>{order.date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}</td>
                <td>
                  <span className={'status status-' + order.status.toLowerCase()}>{order.status}</span>
                </td>
                <td className="numeric">{formatCurrency(order.amount)}</td>
              </tr>
            ))}
            {visible.length === 0 && (
              <tr>
                <td colSpan={COLUMNS.length} className="empty-row">
                  No orders match your filters.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <footer className="pagination">
        <span className="muted">
          Page {currentPage + 1} of {pageCount}
        </span>
        <div>
          <button className="icon-button" type="button" aria-label="Previous page" disabled={currentPage === 0} onClick={() => setPage(currentPage - 1)}>
            <ChevronLeft size={18} />
          </button>
          <button className="icon-button" type="button" aria-label="Next page" disabled={currentPage >= pageCount - 1} onClick={() => setPage(currentPage + 1)}>
            <ChevronRight size={18} />
          </button>
        </div>
      </footer>
    </div>
  );
}
