import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
