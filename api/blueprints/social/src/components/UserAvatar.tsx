import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/** Colours for people without a picture, the palette's first. */
const BACKGROUNDS = ['bg-primary', 'bg-accent', 'bg-chart-3', 'bg-chart-4', 'bg-chart-5'];

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(value);
}

export function UserAvatar({ name, className }: { name: string; className?: string }) {
  const initials = name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <Avatar className={cn('size-11', className)} aria-hidden>
      <AvatarFallback className={cn('font-semibold text-white', BACKGROUNDS[hash(name) % BACKGROUNDS.length])}>{initials}</AvatarFallback>
    </Avatar>
  );
}
