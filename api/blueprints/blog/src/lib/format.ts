import { format, formatDistanceToNow } from 'date-fns';

export function formatDate(iso: string): string {
  return format(new Date(iso), 'MMMM d, yyyy');
}

export function timeAgo(iso: string): string {
  return formatDistanceToNow(new Date(iso), { addSuffix: true });
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0).toUpperCase())
    .join('')
    .slice(0, 2);
}
