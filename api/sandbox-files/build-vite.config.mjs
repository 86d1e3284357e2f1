// The production build's Vite config in a project's sandbox, for a project whose build script is
// exactly `vite build` (the full build and the edit fast path's `vite build --watch`; see
// api/src/sandboxes/sandbox-platform-files.ts). It is the project's own config, loaded as Vite would
// load it, with the platform's source tags added (.forge-source-tags.mjs): the owner's preview can
// point at the element a change is for. It sits beside the project's files in the sandbox only, never
// in its saved files, versions or ZIP; a share's public app gets the same build with the tags taken out
// by the preview proxy. A config that fails to load fails the build with its own error, as it would alone.
import { loadConfigFromFile, mergeConfig } from 'vite';
import { sourceTags } from './.forge-source-tags.mjs';

export default async (env) => {
  const loaded = await loadConfigFromFile(env, undefined, process.cwd());
  return mergeConfig(loaded?.config ?? {}, { plugins: [sourceTags()] });
};
