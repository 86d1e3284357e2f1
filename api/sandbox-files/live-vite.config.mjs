// The live preview's Vite config, copied into a project's sandbox while the agent writes (see
// api/src/sandboxes/sandbox-live.service.ts). It serves the project's own config on the app port,
// without Vite's error overlay. An import of a project file the agent has not written yet resolves to
// a calm "writing…" placeholder (each imported name renders it, and a read of it gives it again), so
// the app renders from its first files; when a file lands, the page reloads with it once its current load is done.
// The platform's source tags (.forge-source-tags.mjs, copied in beside it) mark each element with where it was written.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfigFromFile, mergeConfig } from 'vite';
import { sourceTags } from './.forge-source-tags.mjs';

const PREFIX = '\0forge-not-written:';
const APP_PORT = Number('__APP_PORT__');
/** Project files whose imports were answered with a placeholder. */
const waiting = new Set();

/** The names `importer` imports from `source`, read from its text. */
function importedNames(importer, source) {
  let text;
  try {
    text = readFileSync(importer, 'utf8');
  } catch {
    return [];
  }
  const names = new Set();
  // An alias (`@/`) reaches the plugin already replaced by an absolute path: its import is the one naming the same file.
  const sameFile = (spec) => spec === source || (source.startsWith('/') && source.endsWith(spec.replace(/^@\//, '/').replace(/^(?:\.\.?\/)+/, '/')));
  for (const match of text.matchAll(/import\s+(?:type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']/g)) {
    if (!sameFile(match[2])) continue;
    const named = /\{([^}]*)\}/.exec(match[1]);
    if (!named) continue;
    for (const part of named[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
      if (/^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default') names.add(name);
    }
  }
  return [...names];
}

const PLACEHOLDER = `import { createElement } from 'react';
const style = { padding: '12px 16px', margin: '8px', borderRadius: '8px', border: '1px dashed #d4d4d8', color: '#71717a', font: '14px system-ui, sans-serif' };
const PLAIN = new Set(['then', 'prototype', 'displayName', 'defaultProps', 'propTypes', 'contextTypes', 'childContextTypes', 'getDerivedStateFromProps', 'compare', 'render', 'type', 'toJSON', 'length', 'name']);
function placeholder() {
  const shown = function () {
    return createElement('div', { style, 'data-forge-writing': '' }, 'writing…');
  };
  return new Proxy(shown, {
    get(target, key) {
      if (typeof key === 'symbol') return key === Symbol.toPrimitive ? () => '' : target[key];
      if (key in target || PLAIN.has(key) || key.startsWith('$') || key.startsWith('_')) return target[key];
      return placeholder();
    },
  });
}
export default placeholder();
`;

const WRITTEN_EVENT = 'forge:written';
const CHECK_EVENT = 'forge:written-since';
/**
 * How many times files that pages waited for were written, or modules pages load were changed: a page
 * learns the count it was served at.
 */
let writtenCount = 0;
/**
 * In the page: a reload when a file it waited for is written, after the load in progress, and one at a
 * time. A file written (or a loaded module changed: Vite's hot update goes only to pages already
 * connected) before the page's connection to the dev server was up is caught by asking once connected
 * whether any was written since the page was served (`seen`).
 */
const reloadWhenWritten = (seen) => `import { createHotContext } from '/@vite/client';
const hot = createHotContext('/@forge/live');
let reloading = false;
hot.on('${WRITTEN_EVENT}', () => {
  if (reloading) return;
  reloading = true;
  if (document.readyState === 'complete') location.reload();
  else addEventListener('load', () => location.reload(), { once: true });
});
hot.send('${CHECK_EVENT}', { seen: ${seen} });`;

function notWrittenYet() {
  let root = process.cwd();
  return {
    name: 'forge-not-written-yet',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith(PREFIX) || importer.includes('/node_modules/') || !importer.startsWith(root)) return null;
      if (!source.startsWith('.') && !source.startsWith('@/') && !source.startsWith(`${root}/`)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved) return resolved;
      waiting.add(importer);
      return PREFIX + Buffer.from(JSON.stringify([importer, source])).toString('base64url');
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [importer, source] = JSON.parse(Buffer.from(id.slice(PREFIX.length), 'base64url').toString('utf8'));
      return (
        PLACEHOLDER +
        importedNames(importer, source)
          .map((name) => `export const ${name} = placeholder();\n`)
          .join('')
      );
    },
    configureServer(server) {
      // A file landed: the modules that waited for it resolve their imports again, and the page reloads,
      // but only once its current load has finished (see reloadWhenWritten): reloaded at each file, a
      // page slower to load than the agent is to write would never finish loading while it writes.
      server.watcher.on('add', () => {
        if (waiting.size === 0) return;
        for (const module of server.moduleGraph.idToModuleMap.values()) if (module.id?.startsWith(PREFIX)) server.moduleGraph.invalidateModule(module);
        for (const importer of waiting) for (const module of server.moduleGraph.getModulesByFile(importer) ?? []) server.moduleGraph.invalidateModule(module);
        waiting.clear();
        writtenCount += 1;
        server.ws.send({ type: 'custom', event: WRITTEN_EVENT });
      });
      // A change reaches the pages connected by Vite's hot update; one still loading learns of it when it asks.
      server.watcher.on('change', (file) => {
        if (server.moduleGraph.getModulesByFile(file)?.size) writtenCount += 1;
      });
      server.ws.on(CHECK_EVENT, (data, client) => {
        if (typeof data?.seen === 'number' && data.seen < writtenCount) client.send(WRITTEN_EVENT);
      });
    },
    transformIndexHtml() {
      return [{ tag: 'script', attrs: { type: 'module' }, children: reloadWhenWritten(writtenCount), injectTo: 'head-prepend' }];
    },
  };
}

/**
 * The v2 template's packages a page imports (api/templates/v2/package.json less the servers' and the
 * build's). They are pre-bundled at start, in one pass, whatever the shape's package.json lists: found
 * one by one as files land, each new one would re-bundle the rest under a new hash, and a page loading
 * then mixes two copies of React and renders nothing. And one list for every template project is what
 * lets the sandbox image carry them pre-bundled (/opt/forge/live-deps): the optimizer takes a copy as
 * its own only when it was made for the same list. A package the agent adds is found and bundled then.
 */
export const CLIENT_STACK = [
  '@hookform/resolvers',
  '@tanstack/react-query',
  'class-variance-authority',
  'clsx',
  'date-fns',
  'lucide-react',
  'radix-ui',
  'react',
  'react-dom',
  'react-hook-form',
  'react-router',
  'recharts',
  'sonner',
  'tailwind-merge',
  'zod',
];
/** Entry points of React that compiled JSX and main.tsx import, bundled with it. */
const REACT_ENTRIES = { react: ['react/jsx-runtime', 'react/jsx-dev-runtime'], 'react-dom': ['react-dom/client'] };

/** CLIENT_STACK's packages the project has installed (a project of its own may lack some). */
export function dependenciesToBundle(root = process.cwd()) {
  const installed = CLIENT_STACK.filter((name) => existsSync(join(root, 'node_modules', name, 'package.json')));
  return installed.flatMap((name) => [name, ...(REACT_ENTRIES[name] ?? [])]);
}

export default async (env) => {
  const loaded = await loadConfigFromFile(env, undefined, process.cwd()).catch(() => null);
  return mergeConfig(loaded?.config ?? {}, {
    clearScreen: false,
    optimizeDeps: { include: dependenciesToBundle() },
    plugins: [notWrittenYet(), sourceTags()],
    server: { host: '0.0.0.0', port: APP_PORT, strictPort: true, allowedHosts: true, hmr: { overlay: false } },
  });
};
