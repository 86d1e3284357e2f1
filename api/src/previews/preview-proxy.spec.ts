import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it, jest } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import type { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { DrainState } from '../operations/drain.js';
import { PreviewProxy } from './preview-proxy.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const randomId = () => Array.from(randomBytes(20), (byte) => ALPHABET[byte & 31]).join('');

function setup() {
  const mocks = { sandboxes: { findByPreviewId: jest.fn(async () => null), recordVisit: jest.fn(), target: jest.fn(), wake: jest.fn() } };
  const sut = new PreviewProxy(loadConfig({ PREVIEW_DOMAIN: 'preview.localhost' }), mocks.sandboxes as unknown as SandboxesService, new DrainState());
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
