import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One collapsible section of the guide. */
export interface DocsSection {
  id: string;
  title: string;
  summary: string;
  icon: LucideIcon;
  body: ReactNode;
}
