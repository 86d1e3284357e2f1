import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { initials } from '@/lib/format';
import { cn } from '@/lib/utils';

export function AuthorAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <Avatar className={className}>
      <AvatarFallback className={cn('bg-primary/10 font-semibold text-primary')}>{initials(name)}</AvatarFallback>
    </Avatar>
  );
}
