import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/** Colours for people without a picture: token pairs that keep the initials readable in any palette. */
const COLOURS = ['bg-primary text-primary-foreground', 'bg-accent text-accent-foreground', 'bg-foreground text-background', 'bg-secondary text-secondary-foreground', 'bg-muted-foreground text-background'];

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
      <AvatarFallback className={cn('font-semibold', COLOURS[hash(name) % COLOURS.length])}>{initials}</AvatarFallback>
    </Avatar>
  );
}
