import { randomBytes } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { type IncomingMessage, type Server, type ServerResponse, createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it, jest } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import type { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { DrainState } from '../operations/drain.js';
import type { SharesService } from '../shares/shares.service.js';
import { PreviewProxy } from './preview-proxy.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const randomId = (length = 20) => Array.from(randomBytes(length), (byte) => ALPHABET[byte & 31]).join('');

function setup() {
  const mocks = {
    sandboxes: {
      findByPreviewId: jest.fn(async () => null),
      find: jest.fn(async (_projectId: string): Promise<unknown> => null),
      recordVisit: jest.fn(),
      target: jest.fn(),
      wake: jest.fn(),
    },
    shares: { projectIdOf: jest.fn(async (_shareId: string): Promise<string | null> => null) },
  };
  const sut = new PreviewProxy(loadConfig({ PREVIEW_DOMAIN: 'preview.localhost' }), mocks.sandboxes as unknown as SandboxesService, new DrainState(), mocks.shares as unknown as SharesService);
  return { sut, mocks };
}

/** Asks the proxy for one preview host and resolves with the status of its answer. */
function visit(sut: PreviewProxy, previewId: string): Promise<number> {
  return new Promise((resolve) => {
    const req = Object.assign(new EventEmitter(), { headers: { host: `${previewId}.preview.localhost:3000` }, url: '/' }) as unknown as IncomingMessage;
    const res = Object.assign(new EventEmitter(), { writeHead: (status: number) => resolve(status), end: () => {}, setHeader: () => {} }) as unknown as ServerResponse;
    sut.handle(req, res, () => resolve(0));
  });
}

describe('PreviewProxy routes', () => {
  it('keeps a bounded number of routes however many unknown ids are visited', async () => {
    const { sut } = setup();
    for (let i = 0; i < 20_000; i++) expect(await visit(sut, randomId())).toBe(404);
    expect(sut.cachedRoutes).toBeLessThanOrEqual(10_000);
  });

  it('asks about an unknown id once, not at every visit', async () => {
    const { sut, mocks } = setup();
    const id = randomId();
    for (let i = 0; i < 5; i++) await visit(sut, id);
    expect(mocks.sandboxes.findByPreviewId).toHaveBeenCalledTimes(1);
  });

  it('answers ids it never hands out without a lookup or a cache slot', async () => {
    const { sut, mocks } = setup();
    expect(await visit(sut, 'NOT-AN-ID')).toBe(404);
    expect(mocks.sandboxes.findByPreviewId).not.toHaveBeenCalled();
    expect(sut.cachedRoutes).toBe(0);
  });
});

describe('PreviewProxy public (shared) previews', () => {
  const sandbox = (state: string, builtAt: Date | null) => ({ projectId: 'project-1', previewId: randomId(), containerId: null, state, builtAt, startedAt: null, lastVisitAt: null });

  it('answers a share id nobody published "not shared" with 404', async () => {
    const { sut, mocks } = setup();
    const shareId = randomId(26);
    expect(await visit(sut, shareId)).toBe(404);
    expect(mocks.shares.projectIdOf).toHaveBeenCalledWith(shareId);
  });

  it("wakes a shared project's stopped preview as a visit of its owner would", async () => {
    const { sut, mocks } = setup();
    mocks.shares.projectIdOf.mockResolvedValue('project-1');
    mocks.sandboxes.find.mockResolvedValue(sandbox('stopped', new Date()));
    expect(await visit(sut, randomId(26))).toBe(503);
    expect(mocks.sandboxes.wake).toHaveBeenCalledWith('project-1');
  });

  it('tells visitors of a shared project that was never built that it is not running, without waking it', async () => {
    const { sut, mocks } = setup();
    mocks.shares.projectIdOf.mockResolvedValue('project-1');
    mocks.sandboxes.find.mockResolvedValue(sandbox('failed', null));
    expect(await visit(sut, randomId(26))).toBe(503);
    expect(mocks.sandboxes.wake).not.toHaveBeenCalled();
  });

  it('answers "not shared" the moment a share is unpublished, though its route was cached', async () => {
    const { sut, mocks } = setup();
    const shareId = randomId(26);
    mocks.shares.projectIdOf.mockResolvedValue('project-1');
    mocks.sandboxes.find.mockResolvedValue(sandbox('building', new Date()));
    expect(await visit(sut, shareId)).toBe(503);
    sut.onShareUnpublished({ shareId, projectId: 'project-1' });
    expect(await visit(sut, shareId)).toBe(404);
    expect(mocks.shares.projectIdOf).toHaveBeenCalledTimes(1);
  });
});

describe('PreviewProxy pages', () => {
  /** Under the 4 MB pages were held up to, when they were held whole. */
  const PAGE_BYTES = 3.9 * 1024 * 1024;
  const PAGES = 60;

  /** An app whose pages are 3.9 MB of HTML, written as fast as the proxy takes them. */
  async function slowApp(): Promise<Server> {
    const app = createServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!doctype html><html><head><title>big</title></head><body>');
      const chunk = Buffer.alloc(64 * 1024, 'x');
      for (let sent = 0; sent < PAGE_BYTES && !res.destroyed; sent += chunk.length) if (!res.write(chunk)) await once(res, 'drain');
      res.end('</body></html>');
    });
    app.listen(0, '127.0.0.1');
    await once(app, 'listening');
    return app;
  }

  /** The proxy in front of `app`, on a port of its own, serving one running preview. */
  async function proxyTo(app: Server) {
    const { sut, mocks } = setup();
    const previewId = randomId();
    mocks.sandboxes.findByPreviewId.mockResolvedValue({ projectId: 'project-1', previewId, state: 'running', builtAt: new Date() } as never);
    mocks.sandboxes.target.mockResolvedValue(`http://127.0.0.1:${(app.address() as AddressInfo).port}` as never);
    const front = createServer((req, res) => sut.handle(req, res, () => res.end()));
    front.listen(0, '127.0.0.1');
    await once(front, 'listening');
    const port = (front.address() as AddressInfo).port;
    const open = () =>
      new Promise<IncomingMessage>((resolve, reject) => get({ port, path: '/', headers: { host: `${previewId}.preview.localhost:3000`, 'sec-fetch-dest': 'document' } }, resolve).on('error', reject));
    const close = () => {
      front.closeAllConnections();
      front.close();
      app.closeAllConnections();
      app.close();
      sut.onModuleDestroy();
    };
    return { sut, open, close };
  }

  it('stream through as they come: 60 pages nobody reads yet hold little, and each still gets the reporter after its head', async () => {
    const { sut, open, close } = await proxyTo(await slowApp());
    // Buffers the streams read and let go count only once collected: the measure is of live ones (a loaded
    // host's collector lagged, and 74 MB of already-dropped reads failed this once).
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    collect();
    const before = process.memoryUsage().arrayBuffers;
    try {
      // Visitors on slow connections: the answers start, nobody reads their bodies for now.
      const answers = await Promise.all(Array.from({ length: PAGES }, open));
      for (const answer of answers) answer.pause();
      await new Promise((resolve) => setTimeout(resolve, 3000));
      collect();
      const grown = process.memoryUsage().arrayBuffers - before;
      // What the streams on the way hold (a few 64 KB reads per page, in this process: the app, the proxy
      // and the visitors). Holding whole pages would come to 60 × 3.9 MB = 234 MB here.
      expect(grown).toBeLessThan(64 * 1024 * 1024);
      expect(sut.heldPageBytes).toBe(0);

      const pages = await Promise.all(
        answers.map(async (answer) => {
          let size = 0;
          let start = '';
          for await (const chunk of answer as AsyncIterable<Buffer>) {
            if (start.length < 200) start += chunk.toString();
            size += chunk.length;
          }
          return { size, start };
        }),
      );
      for (const page of pages) {
        expect(page.start).toMatch(/^<!doctype html><html><head><script data-forge-preview-reporter>/);
        expect(page.size).toBeGreaterThan(PAGE_BYTES);
      }
    } finally {
      close();
    }
  }, 60_000);

  it('unpacks a page that came compressed although it was asked for uncompressed, to put the reporter in', async () => {
    const app = createServer((req, res) => {
      expect(req.headers['accept-encoding']).toBeUndefined();
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync('<html><head></head><body>packed</body></html>'));
    });
    app.listen(0, '127.0.0.1');
    await once(app, 'listening');
    const { open, close } = await proxyTo(app);
    try {
      const answer = await open();
      expect(answer.headers['content-encoding']).toBeUndefined();
      let body = '';
      for await (const chunk of answer as AsyncIterable<Buffer>) body += chunk.toString();
      expect(body).toMatch(/^<html><head><script data-forge-preview-reporter>.*<\/script><\/head><body>packed<\/body><\/html>$/s);
    } finally {
      close();
    }
  });
});

describe('PreviewProxy source tags', () => {
  const TAGGED = 'x(`h1`,{"data-forge-loc":`src/App.tsx:2:10:App`,className:`big`});';

  /** The proxy in front of an app serving TAGGED at /app.js (gzipped when asked), as a running preview and as its share. */
  async function proxyToTaggedApp() {
    const asked: Array<string | undefined> = [];
    const app = createServer((req, res) => {
      asked.push(req.headers['accept-encoding']);
      const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = gzip ? gzipSync(TAGGED) : Buffer.from(TAGGED);
      res.writeHead(200, { 'content-type': 'text/javascript', 'content-length': body.length, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      res.end(body);
    });
    app.listen(0, '127.0.0.1');
    await once(app, 'listening');
    const { sut, mocks } = setup();
    const previewId = randomId();
    const shareId = randomId(26);
    const running = { projectId: 'project-1', previewId, state: 'running', builtAt: new Date() };
    mocks.sandboxes.findByPreviewId.mockResolvedValue(running as never);
    mocks.sandboxes.find.mockResolvedValue(running);
    mocks.shares.projectIdOf.mockResolvedValue('project-1');
    mocks.sandboxes.target.mockResolvedValue(`http://127.0.0.1:${(app.address() as AddressInfo).port}` as never);
    const front = createServer((req, res) => sut.handle(req, res, () => res.end()));
    front.listen(0, '127.0.0.1');
    await once(front, 'listening');
    const port = (front.address() as AddressInfo).port;
    const fetchScript = (label: string) =>
      new Promise<{ headers: IncomingMessage['headers']; body: string }>((resolve, reject) =>
        get({ port, path: '/app.js', headers: { host: `${label}.preview.localhost:3000`, 'sec-fetch-dest': 'script', 'accept-encoding': 'gzip' } }, async (answer) => {
          const chunks: Buffer[] = [];
          for await (const chunk of answer as AsyncIterable<Buffer>) chunks.push(chunk);
          const raw = Buffer.concat(chunks);
          resolve({ headers: answer.headers, body: answer.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString() : raw.toString() });
        }).on('error', reject),
      );
    const close = () => {
      front.closeAllConnections();
      front.close();
      app.closeAllConnections();
      app.close();
      sut.onModuleDestroy();
    };
    return { asked, fetchScript, previewId, shareId, close };
  }

  it("answers a share's scripts without the tags, asked of the app uncompressed, and the owner's as they are", async () => {
    const { asked, fetchScript, previewId, shareId, close } = await proxyToTaggedApp();
    try {
      const shared = await fetchScript(shareId);
      expect(shared.body).toBe('x(`h1`,{className:`big`});');
      expect(shared.headers['content-length']).toBeUndefined();
      expect(shared.headers['content-encoding']).toBeUndefined();
      expect(asked[0]).toBeUndefined();

      const owners = await fetchScript(previewId);
      expect(owners.body).toBe(TAGGED);
      expect(asked[1]).toBe('gzip');
    } finally {
      close();
    }
  });
});
