import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The platform's own files that run beside a project's in its sandbox (api/sandbox-files/): they are
 * copied into the container with the project's files and are never among its saved files, so they
 * never reach its versions, its ZIP or the agent. Their names start with `.forge-`, the live config's too.
 */
const read = (name: string) => readFileSync(fileURLToPath(new URL(`../../sandbox-files/${name}`, import.meta.url)));

/** The Vite plugin that tags each JSX element with where it was written (select-to-edit); the live and build configs load it. */
export const SOURCE_TAGS_FILE = '.forge-source-tags.mjs';
/** The build's Vite config: the project's own plus the source tags. */
export const BUILD_CONFIG_FILE = '.forge-build.vite.config.mjs';

/** What a build copies in beside the project's files, by path in the project folder. */
export const BUILD_PLATFORM_FILES: ReadonlyMap<string, Buffer> = new Map([
  [SOURCE_TAGS_FILE, read('source-tags.mjs')],
  [BUILD_CONFIG_FILE, read('build-vite.config.mjs')],
]);

/** The only build script the platform builds with its own config (and the fast path reproduces): the conventions' and the template's. */
const VITE_BUILD = /^\s*vite build\s*$/;

/**
 * Whether the project builds with exactly `vite build` (and, unless `hooks` allows them, no prebuild or
 * postbuild script around it, which the build would skip): then the platform runs that build itself,
 * with BUILD_CONFIG_FILE. Any other build script runs as written, without source tags.
 */
export function buildsWithPlainVite(packageJson: string, { hooks = false }: { hooks?: boolean } = {}): boolean {
  try {
    const scripts = (JSON.parse(packageJson) as { scripts?: Record<string, unknown> }).scripts ?? {};
    if (!hooks && (scripts.prebuild !== undefined || scripts.postbuild !== undefined)) return false;
    return typeof scripts.build === 'string' && VITE_BUILD.test(scripts.build);
  } catch {
    return false;
  }
}

/** `vite build` with the platform's config, printing what `npm run build` would print first. */
export const TAGGED_VITE_BUILD = `printf "\\n> build\\n> vite build\\n\\n" && node node_modules/vite/bin/vite.js build --config ${BUILD_CONFIG_FILE}`;
