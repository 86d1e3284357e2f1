import { Injectable, type StreamableFile } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { WEB_ENDPOINTS, endpointPath } from '@forge/protocol/endpoints';
import { ErrorCode } from '@forge/protocol/errors';
import { type MySharesResponse, NOT_SHARED_MESSAGE, type OwnerShare, type PublicShareResponse, SHARE_ID_PATTERN, type ShareStatusResponse, type WallResponse } from '@forge/protocol/shares';
import { DomainError } from '../common/errors/domain-error.js';
import { SHARE_UNPUBLISHED, type ShareUnpublishedEvent } from '../common/events/domain-events.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { SecretsService } from '../secrets/secrets.service.js';
import { ThumbnailsService } from '../thumbnails/thumbnails.service.js';
import { newShareId } from './share-id.js';
import { isHiddenFromShare, sharedPaths } from './share-files.js';
import { type ShareRecord, type SharedProject, SharesRepository } from './shares.repository.js';
import { decodeWallCursor, encodeWallCursor } from './wall-cursor.js';

export const notShared = () => new DomainError(ErrorCode.ShareNotFound, NOT_SHARED_MESSAGE);

/**
 * Publishing: a project's public page, its public preview (a host of its own, `{shareId}.{PREVIEW_DOMAIN}`,
 * never the owner's preview id) and its card on the wall, which all exist exactly while its share row does.
 * A share id lasts as long as the project stays published (edits, rebuilds, restarts); publishing again
 * after unpublishing mints a new one, so unpublishing really takes back every address given out.
 */
@Injectable()
export class SharesService {
  constructor(
    private readonly repository: SharesRepository,
    private readonly projects: ProjectsService,
    private readonly sandboxes: SandboxesService,
    private readonly secrets: SecretsService,
    private readonly events: EventEmitter2,
    private readonly thumbnails: ThumbnailsService,
  ) {}

  async status(ownerId: string, name: string): Promise<ShareStatusResponse> {
    const project = await this.projects.find(ownerId, name);
    return this.statusOf(await this.repository.findByProject(project.id));
  }

  /** Publishes the project, or sets the description of one already published (its address stays). */
  async publish(ownerId: string, name: string, description = ''): Promise<ShareStatusResponse> {
    const project = await this.projects.find(ownerId, name);
    return this.statusOf(await this.repository.publish(project.id, newShareId(), description));
  }

  /** Takes the page, the public preview and the wall card away at once; unpublishing twice is fine. */
  async unpublish(ownerId: string, name: string): Promise<ShareStatusResponse> {
    const project = await this.projects.find(ownerId, name);
    const shareId = await this.repository.unpublish(project.id);
    if (shareId) await this.events.emitAsync(SHARE_UNPUBLISHED, { shareId, projectId: project.id } satisfies ShareUnpublishedEvent);
    return { published: false, share: null };
  }

  async mine(ownerId: string): Promise<MySharesResponse> {
    const shares = await this.repository.listOfOwner(ownerId);
    return { shares: shares.map((share) => ({ projectName: share.projectName, shareId: share.id, publishedAt: share.publishedAt.toISOString() })) };
  }

  /** What anyone may see of a published project: no owner, no secrets, no environment files. */
  async publicShare(shareId: string): Promise<PublicShareResponse> {
    const share = await this.findShared(shareId);
    const sandbox = await this.sandboxes.find(share.projectId);
    const isBuilt = Boolean(sandbox?.builtAt);
    return {
      shareId: share.id,
      name: share.projectName,
      description: share.description,
      publishedAt: share.publishedAt.toISOString(),
      tree: sharedPaths(await this.projects.filePaths(share.projectId)),
      isBuilt,
      previewUrl: isBuilt ? this.previewUrl(share.id) : '',
    };
  }

  /**
   * One file of a published project. An environment file answers exactly as a missing one, and the
   * project's saved secrets (and database credentials) are masked should any file contain one.
   */
  async publicFile(shareId: string, path: string): Promise<StreamableFile> {
    const share = await this.findShared(shareId);
    if (isHiddenFromShare(path)) throw new DomainError(ErrorCode.FileNotFound, `File not found: ${path}`);
    // Binary files are masked byte for byte: their length and layout stay.
    return this.projects.fileAnswer(share.projectId, path, (file) => this.secrets.maskingStream(share.projectId, { sameLength: file.binary }));
  }

  /** A published project's screenshot, for its wall card. */
  async publicThumbnail(shareId: string): Promise<Buffer> {
    const share = await this.findShared(shareId);
    const image = await this.thumbnails.read(share.projectId);
    if (!image) throw new DomainError(ErrorCode.NotFound, 'This project has no screenshot yet');
    return image;
  }

  /** Published projects, newest first, a page at a time. */
  async wall(cursor: string | undefined, limit: number): Promise<WallResponse> {
    const after = cursor ? decodeWallCursor(cursor) : null;
    // One more than asked tells whether another page follows without a count.
    const rows = await this.repository.wallPage(after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    // Screenshots come from the preview check; until a project has one, the wall draws a placeholder.
    const screenshots = await Promise.all(page.map((share) => this.thumbnails.exists(share.projectId)));
    return {
      items: page.map((share, i) => ({
        shareId: share.id,
        name: share.projectName,
        description: share.description,
        publishedAt: share.publishedAt.toISOString(),
        thumbnailUrl: screenshots[i] ? endpointPath(WEB_ENDPOINTS.shareThumbnail, { shareId: share.id }) : null,
      })),
      nextCursor: rows.length > limit && last ? encodeWallCursor({ publishedAt: last.publishedAt, shareId: last.id }) : null,
    };
  }

  /** The project a public preview host serves, or null when that share does not exist (any more). */
  async projectIdOf(shareId: string): Promise<string | null> {
    if (!SHARE_ID_PATTERN.test(shareId)) return null;
    return (await this.repository.findById(shareId))?.projectId ?? null;
  }

  previewUrl(shareId: string): string {
    return this.sandboxes.previewUrl(shareId);
  }

  private async findShared(shareId: string): Promise<SharedProject> {
    const share = SHARE_ID_PATTERN.test(shareId) ? await this.repository.findById(shareId) : null;
    if (!share) throw notShared();
    return share;
  }

  private statusOf(share: ShareRecord | null): ShareStatusResponse {
    if (!share) return { published: false, share: null };
    const owned: OwnerShare = {
      shareId: share.id,
      pagePath: `/s/${share.id}`,
      previewUrl: this.previewUrl(share.id),
      description: share.description,
      publishedAt: share.publishedAt.toISOString(),
    };
    return { published: true, share: owned };
  }
}
