// What the charts share: the tooltip and axis look, from the design tokens.
import type { CSSProperties } from 'react';

export const TOOLTIP_STYLE: CSSProperties = {
  background: 'var(--popover)',
  color: 'var(--popover-foreground)',
  border: '1px solid var(--border)',
  borderRadius: 'var(--radius)',
  fontSize: 13,
};

export const AXIS_TICK = { fill: 'var(--muted-foreground)', fontSize: 12 };

export const SERIES_COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)'];
