import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { WallItem } from '@forge/protocol/shares';
import { formatModifiedAt } from '@/components/projects/format-date';

/** One published project on the wall: its screenshot when there is one, a drawn placeholder when not. */
export function WallCard({ item }: { item: WallItem }) {
  return (
    <article
      aria-label={item.name}
      className="group relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface transition-all hover:border-border-strong hover:shadow-lg hover:shadow-black/30"
    >
      <Thumbnail item={item} />
      <div className="flex flex-1 flex-col p-4">
        <h2 className="truncate text-base font-semibold tracking-tight" title={item.name}>
          {/* The whole card is the link; the heading names it. */}
          <Link to="/s/$shareId" params={{ shareId: item.shareId }} className="after:absolute after:inset-0 focus-visible:outline-none">
            {item.name}
          </Link>
        </h2>
        <p className={item.description ? 'mt-1.5 line-clamp-3 text-sm leading-relaxed text-muted' : 'mt-1.5 text-sm text-subtle italic'}>{item.description || 'No description'}</p>
        <p className="mt-auto pt-4 text-xs text-subtle">
          Published <time dateTime={item.publishedAt}>{formatModifiedAt(item.publishedAt)}</time>
        </p>
      </div>
    </article>
  );
}

function Thumbnail({ item }: { item: WallItem }) {
  const [failed, setFailed] = useState(false);
  if (item.thumbnailUrl && !failed) {
    return (
      <div className="aspect-[16/10] overflow-hidden border-b border-border bg-surface-2">
        <img
          src={item.thumbnailUrl}
          alt={`Screenshot of ${item.name}`}
          loading="lazy"
          onError={() => setFailed(true)}
          className="size-full object-cover object-top transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </div>
    );
  }
  return <Placeholder item={item} />;
}

/** A small browser window in a colour of the project's own (from its share id), with its initial. */
function Placeholder({ item }: { item: WallItem }) {
  const hue = [...item.shareId].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 360, 7);
  const initial =
    item.name
      .replace(/[^a-z0-9]/gi, '')
      .charAt(0)
      .toUpperCase() || '•';
  return (
    <div
      aria-hidden
      data-testid="wall-thumbnail-placeholder"
      className="relative aspect-[16/10] overflow-hidden border-b border-border"
      style={{ background: `radial-gradient(ellipse 80% 70% at 30% 0%, hsl(${hue} 70% 45% / 0.45), transparent), linear-gradient(160deg, hsl(${hue} 35% 16%), hsl(${(hue + 40) % 360} 30% 9%))` }}
    >
      <div className="absolute inset-x-6 top-6 bottom-0 rounded-t-lg border border-white/10 bg-black/25 shadow-2xl backdrop-blur-sm">
        <div className="flex h-6 items-center gap-1.5 border-b border-white/10 px-2.5">
          <span className="size-1.5 rounded-full bg-white/30" />
          <span className="size-1.5 rounded-full bg-white/20" />
          <span className="size-1.5 rounded-full bg-white/15" />
        </div>
        <div className="flex h-[calc(100%-1.5rem)] items-center justify-center">
          <span className="text-4xl font-semibold tracking-tight text-white/80 transition-transform duration-300 group-hover:scale-110">{initial}</span>
        </div>
      </div>
    </div>
  );
}
