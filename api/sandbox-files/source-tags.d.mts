// Types of source-tags.mjs for the API's tests (the sandbox runs the .mjs as it is; this file is not copied in).
import type { Plugin } from 'vite';

export declare const SOURCE_TAG_ATTRIBUTE: 'data-forge-loc';
export interface TaggedSource {
  code: string;
  map: { version: 3; sources: string[]; sourcesContent: string[]; names: string[]; mappings: string };
}
export declare function tagSource(code: string, file: string, options?: { lang?: 'jsx' | 'tsx'; sourceName?: string }): TaggedSource | null;
export declare function sourceTags(): Plugin;
