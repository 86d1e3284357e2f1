import { brand } from '@/content';

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <a href="#top" onClick={onClick} className="flex items-center gap-2.5 text-lg font-bold tracking-tight">
      <span className="grid size-9 place-items-center rounded-lg bg-primary text-primary-foreground" aria-hidden>
        {brand.name.charAt(0)}
      </span>
      {brand.name}
    </a>
  );
}
