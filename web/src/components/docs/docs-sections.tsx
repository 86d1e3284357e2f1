import type { DocsSection } from './docs-section';
import { CREDITS_SECTION, TOP_UP_SECTION } from './docs-sections-credits';
import { PROJECT_SECTIONS } from './docs-sections-projects';
import { START_SECTIONS } from './docs-sections-start';

/** The guide's sections, in the order of the product spec. */
export const DOCS_SECTIONS: DocsSection[] = [...START_SECTIONS, ...PROJECT_SECTIONS, CREDITS_SECTION, TOP_UP_SECTION];
