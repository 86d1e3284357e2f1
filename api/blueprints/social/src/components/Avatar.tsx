const PALETTE = ['var(--color-primary)', 'var(--color-accent)', '#0ea5e9', '#f59e0b', '#10b981', '#6366f1', '#ef4444'];

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(value);
}

export function Avatar({ name, size = 44 }: { name: string; size?: number }) {
  const initials = name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.38, background: PALETTE[hash(name) % PALETTE.length] }} aria-hidden="true">
      {initials}
    </span>
  );
}
