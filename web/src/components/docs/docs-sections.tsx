import type { DocsSection } from './docs-section';
import { PROJECT_SECTIONS } from './docs-sections-projects';
import { START_SECTIONS } from './docs-sections-start';

/** The guide's sections, in the order of the product spec. */
export const DOCS_SECTIONS: DocsSection[] = [...START_SECTIONS, ...PROJECT_SECTIONS];
