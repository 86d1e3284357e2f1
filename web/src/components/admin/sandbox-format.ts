import { formatModifiedAt } from '@/components/projects/format-date';
import { formatBytes } from '@/lib/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "3d 4h", "2h 15m", "12m", "< 1m": the two largest units are enough to tell a restart apart. */
export function formatUptime(startedAt: string, now: number): string {
  const ms = now - Date.parse(startedAt);
  if (Number.isNaN(ms)) return '—';
  const elapsed = Math.max(0, ms);
  const days = Math.floor(elapsed / DAY);
  const hours = Math.floor((elapsed % DAY) / HOUR);
  const minutes = Math.floor((elapsed % HOUR) / MINUTE);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return minutes > 0 ? `${minutes}m` : '< 1m';
}

/** "Just now", "5 min ago", "3 h ago" within a day; older visits as a project date ("Mar 4, 2025, 9:05 PM"). */
export function formatLastVisit(lastVisitAt: string, now: number, timeZone?: string): string {
  const at = Date.parse(lastVisitAt);
  if (Number.isNaN(at)) return 'Unknown date';
  const ago = now - at;
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  return formatModifiedAt(at, timeZone);
}

/** "12.5%" of one core; a container with more than one core can pass 100%. */
export function formatCpu(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** "128.0 MB / 1024.0 MB", or only what is used when the container has no limit. */
export function formatMemory(used: number, limit: number | null): string {
  return limit ? `${formatBytes(used)} / ${formatBytes(limit)}` : formatBytes(used);
}

/** A share from 0 to 100 for the usage bars; nothing past full. */
export function usageShare(value: number, of: number): number {
  if (!(of > 0) || !(value > 0)) return 0;
  return Math.min(100, (value / of) * 100);
}
