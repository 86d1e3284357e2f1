// Serves a static build on $PORT: what `vite preview` does, without loading Vite, so a preview answers a
// moment after its build. Unknown paths without an extension get index.html (client routing), so deep
// links such as /stats work after a reload.
// Usage: node /opt/forge/bin/serve-static.mjs <dir> [<dir> ...]: the first that holds an index.html
// (dist/ for Vite, build/ for Create React App).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const candidates = (process.argv.length > 2 ? process.argv.slice(2) : ['dist']).map((dir) => resolve(dir));
const root = candidates.find((dir) => existsSync(join(dir, 'index.html')));
if (!root) {
  const names = candidates.map((dir) => `${dir.slice(dir.lastIndexOf('/') + 1)}/`).join(' or ');
  console.error(`❌ There is no build output to serve: ${names} holds no index.html. The build script must write the app there (vite build does).`);
  process.exit(1);
}
const port = Number(process.env.PORT ?? 4173);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

function fileAt(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  const path = normalize(join(root, decoded));
  if (path !== root && !path.startsWith(`${root}/`)) return null;
  for (const candidate of [path, join(path, 'index.html')]) {
    try {
      const stat = statSync(candidate);
      if (stat.isFile()) return { path: candidate, size: stat.size };
    } catch {
      // Not there; try the next candidate.
    }
  }
  return null;
}

const server = createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const url = req.url ?? '/';
  const file = fileAt(url) ?? (extname(url.split('?')[0]) ? null : fileAt('/index.html'));
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  const hashed = file.path.includes(`${root}/assets/`);
  res.writeHead(200, {
    'content-type': TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    'content-length': file.size,
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file.path).pipe(res);
});

server.listen(port, '0.0.0.0', () => console.log(`Serving ${root} on port ${port}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
