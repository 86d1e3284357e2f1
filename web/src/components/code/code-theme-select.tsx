import { ChevronDown, Palette } from 'lucide-react';
import { CODE_THEMES, isCodeThemeId, setCodeTheme, useCodeTheme } from '@/store/code-theme';
import { cn } from '@/lib/cn';

export function CodeThemeSelect({ className }: { className?: string }) {
  const theme = useCodeTheme();
  return (
    <label
      className={cn(
        'relative flex h-8 items-center gap-1.5 rounded-lg border border-border bg-surface-2 pl-2.5 pr-7 text-xs text-muted transition-colors',
        'hover:border-border-strong hover:text-foreground focus-within:border-primary',
        className,
      )}
    >
      <Palette className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">Code theme</span>
      <select
        aria-label="Code theme"
        value={theme}
        onChange={(event) => {
          if (isCodeThemeId(event.target.value)) setCodeTheme(event.target.value);
        }}
        className="h-full cursor-pointer appearance-none bg-transparent text-xs font-medium text-foreground outline-none"
      >
        {CODE_THEMES.map((option) => (
          <option key={option.id} value={option.id} className="bg-surface-2 text-foreground">
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown className="pointer-events-none absolute right-2 size-3.5" aria-hidden />
    </label>
  );
}
