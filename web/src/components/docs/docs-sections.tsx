import type { DocsSection } from './docs-section';
import { CREDITS_SECTION, TOP_UP_SECTION } from './docs-sections-credits';
import { SHARING_SECTION } from './docs-sections-hosted';
import { PROJECT_SECTIONS } from './docs-sections-projects';
import { START_SECTIONS } from './docs-sections-start';

const afterLandingPages = PROJECT_SECTIONS.findIndex((section) => section.id === 'project-landing-pages') + 1;

/** The guide's sections, in the order of the product spec; sharing follows landing pages, credits come last. */
export const DOCS_SECTIONS: DocsSection[] = [
  ...START_SECTIONS,
  ...PROJECT_SECTIONS.slice(0, afterLandingPages),
  SHARING_SECTION,
  ...PROJECT_SECTIONS.slice(afterLandingPages),
  CREDITS_SECTION,
  TOP_UP_SECTION,
];
