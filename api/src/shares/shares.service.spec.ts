import { describe, expect, it, jest } from '@jest/globals';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { EventEmitter2 } from '@nestjs/event-emitter';
import { ErrorCode } from '@forge/protocol/errors';
import { NOT_SHARED_MESSAGE } from '@forge/protocol/shares';
import { SHARE_UNPUBLISHED } from '../common/events/domain-events.js';
import { type AnswerTransform, fileAnswer } from '../projects/file-answer.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { maskingStream } from '../secrets/masking-stream.js';
import type { SandboxesService } from '../sandboxes/sandboxes.service.js';
import type { SecretsService } from '../secrets/secrets.service.js';
import type { ThumbnailsService } from '../thumbnails/thumbnails.service.js';
import type { ShareRecord, SharedProject, SharesRepository } from './shares.repository.js';
import { SharesService } from './shares.service.js';

const SHARE_ID = 'abcdefghijklmnopqrstuvwxyz';

function newSharesService() {
  const rows = new Map<string, ShareRecord>();
  const shared = (row: ShareRecord): SharedProject => ({ ...row, projectName: 'weather' });
  const repository = {
    findByProject: jest.fn(async (projectId: string) => rows.get(projectId) ?? null),
    findById: jest.fn(async (id: string) => {
      const row = [...rows.values()].find((r) => r.id === id);
      return row ? shared(row) : null;
    }),
    publish: jest.fn(async (projectId: string, id: string, description: string) => {
      const row = { ...(rows.get(projectId) ?? { id, projectId, publishedAt: new Date('2026-11-23T12:00:00Z') }), description };
      rows.set(projectId, row);
      return row;
    }),
    unpublish: jest.fn(async (projectId: string) => {
      const row = rows.get(projectId);
      rows.delete(projectId);
      return row?.id ?? null;
    }),
    wallPage: jest.fn(async (_after: unknown, take: number) => [...rows.values()].slice(0, take).map(shared)),
  };
  const projects = {
    find: jest.fn(async () => ({ id: 'project-1', name: 'weather', updatedAt: new Date() })),
    filePaths: jest.fn(async () => ['.env.example', '.env.local', 'src/App.tsx']),
    // As the real one: the file streamed through the transform it is given.
    fileAnswer: jest.fn(async (_projectId: string, path: string, transform: AnswerTransform) => {
      const file = { path, sizeBytes: 0, binary: false };
      return fileAnswer(file, Readable.from([Buffer.from(`const key = 'sk-live-123456'; // ${path}`)]), await transform(file));
    }),
  };
  const sandboxes = { find: jest.fn(async () => ({ builtAt: new Date() })), previewUrl: (label: string) => `http://${label}.preview.localhost:3000/` };
  const secrets = { maskingStream: jest.fn(async () => maskingStream(['sk-live-123456'])) };
  const events = { emitAsync: jest.fn(async (_event: string, _payload: unknown) => []) };
  // Only project p2 has a screenshot.
  const thumbnails = { exists: jest.fn(async (projectId: string) => projectId === 'p2'), read: jest.fn(async (projectId: string) => (projectId === 'project-1' ? Buffer.from('jpeg') : null)) };
  const sut = new SharesService(
    repository as unknown as SharesRepository,
    projects as unknown as ProjectsService,
    sandboxes as unknown as SandboxesService,
    secrets as unknown as SecretsService,
    events as unknown as EventEmitter2,
    thumbnails as unknown as ThumbnailsService,
  );
  return { sut, mocks: { repository, projects, sandboxes, secrets, events, thumbnails }, rows };
}

describe(SharesService.name, () => {
  it('publishes under a fresh unguessable id with a page and a public preview of its own', async () => {
    const { sut } = newSharesService();
    const { published, share } = await sut.publish('owner', 'weather', 'A forecast app');
    expect(published).toBe(true);
    expect(share!.shareId).toMatch(/^[a-z2-7]{26}$/);
    expect(share).toMatchObject({ pagePath: `/s/${share!.shareId}`, previewUrl: `http://${share!.shareId}.preview.localhost:3000/`, description: 'A forecast app' });
  });

  it('keeps the address when a published project is published again, and mints a new one after an unpublish', async () => {
    const { sut } = newSharesService();
    const first = (await sut.publish('owner', 'weather', 'one')).share!.shareId;
    expect((await sut.publish('owner', 'weather', 'two')).share).toMatchObject({ shareId: first, description: 'two' });
    await sut.unpublish('owner', 'weather');
    expect((await sut.publish('owner', 'weather')).share!.shareId).not.toBe(first);
  });

  it('announces an unpublish so the public preview closes, and only when something was published', async () => {
    const { sut, mocks } = newSharesService();
    expect(await sut.unpublish('owner', 'weather')).toEqual({ published: false, share: null });
    expect(mocks.events.emitAsync).not.toHaveBeenCalled();
    const { shareId } = (await sut.publish('owner', 'weather')).share!;
    await sut.unpublish('owner', 'weather');
    expect(mocks.events.emitAsync).toHaveBeenCalledWith(SHARE_UNPUBLISHED, { shareId, projectId: 'project-1' });
  });

  it('lists no environment file and serves none, as if it did not exist', async () => {
    const { sut } = newSharesService();
    const { shareId } = (await sut.publish('owner', 'weather')).share!;
    expect((await sut.publicShare(shareId)).tree).toEqual(['.env.example', 'src/App.tsx']);
    await expect(sut.publicFile(shareId, '.env.local')).rejects.toMatchObject({ code: ErrorCode.FileNotFound, message: 'File not found: .env.local' });
    await expect(sut.publicFile(shareId, '.env')).rejects.toMatchObject({ code: ErrorCode.FileNotFound });
  });

  it("masks the project's saved secrets in the files it serves", async () => {
    const { sut } = newSharesService();
    const { shareId } = (await sut.publish('owner', 'weather')).share!;
    const answer = await sut.publicFile(shareId, 'src/App.tsx');
    expect(JSON.parse(await text(answer.getStream()))).toEqual({ content: "const key = '••••••••'; // src/App.tsx" });
  });

  it('answers an unknown or malformed share id with "not shared" without a lookup for the malformed one', async () => {
    const { sut, mocks } = newSharesService();
    await expect(sut.publicShare(SHARE_ID)).rejects.toMatchObject({ code: ErrorCode.ShareNotFound, message: NOT_SHARED_MESSAGE });
    await expect(sut.publicShare('../etc')).rejects.toMatchObject({ code: ErrorCode.ShareNotFound });
    expect(mocks.repository.findById).toHaveBeenCalledTimes(1);
  });

  it('gives a next cursor only when another page follows', async () => {
    const { sut, rows } = newSharesService();
    for (const n of [1, 2, 3]) rows.set(`p${n}`, { id: `${'a'.repeat(25)}${n}`, projectId: `p${n}`, description: '', publishedAt: new Date() });
    expect((await sut.wall(undefined, 2)).nextCursor).toEqual(expect.any(String));
    const all = await sut.wall(undefined, 3);
    expect(all.nextCursor).toBeNull();
    expect(all.items[0]).toEqual({ shareId: `${'a'.repeat(25)}1`, name: 'weather', description: '', publishedAt: expect.any(String), thumbnailUrl: null });
  });

  it("links a wall card to the project's screenshot only when the preview check has taken one", async () => {
    const { sut, rows } = newSharesService();
    for (const n of [1, 2]) rows.set(`p${n}`, { id: `${'a'.repeat(25)}${n}`, projectId: `p${n}`, description: '', publishedAt: new Date() });
    const { items } = await sut.wall(undefined, 2);
    expect(items.map((item) => item.thumbnailUrl)).toEqual([null, `/api/shares/${'a'.repeat(25)}2/thumbnail`]);
  });

  it('serves the screenshot of a published project, and refuses one that is not shared', async () => {
    const { sut, rows } = newSharesService();
    rows.set('project-1', { id: SHARE_ID, projectId: 'project-1', description: '', publishedAt: new Date() });
    expect((await sut.publicThumbnail(SHARE_ID)).toString()).toBe('jpeg');
    rows.delete('project-1');
    await expect(sut.publicThumbnail(SHARE_ID)).rejects.toMatchObject({ code: ErrorCode.ShareNotFound });
  });
});
