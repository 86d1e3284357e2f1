// Sharing: a published project's public page, its public preview and the wall.

/** What an owner may write about a published app for the wall. */
export const MAX_SHARE_DESCRIPTION_CHARS = 500;
export const SHARE_DESCRIPTION_TOO_LONG_MESSAGE = `The description is too long (max ${MAX_SHARE_DESCRIPTION_CHARS} characters).`;
/** Wall cards per page, unless a page asks for fewer (at most MAX_WALL_PAGE_SIZE). */
export const WALL_PAGE_SIZE = 12;
export const MAX_WALL_PAGE_SIZE = 48;
/** Share ids: 26 characters of base32, so a share address is never a preview id (20). */
export const SHARE_ID_PATTERN = /^[a-z2-7]{26}$/;
/** The words a visitor gets for an address that is not (or no longer) shared: page, preview and API alike. */
export const NOT_SHARED_TITLE = 'This project is not shared';
export const NOT_SHARED_DETAIL = 'Its owner may have stopped sharing it, or the address is mistyped.';
export const NOT_SHARED_MESSAGE = `${NOT_SHARED_TITLE}. ${NOT_SHARED_DETAIL}`;

/** POST /api/projects/{project}/share */
export interface PublishRequest {
  description?: string;
}

/** GET, POST /api/projects/{project}/share: the owner's view of a project's sharing. */
export interface ShareStatusResponse {
  published: boolean;
  /** Set while published. */
  share: OwnerShare | null;
}
export interface OwnerShare {
  shareId: string;
  /** The path of the public page on this site: `/s/{shareId}`. */
  pagePath: string;
  /** The public preview's own origin, `http://{shareId}.{PREVIEW_DOMAIN}:{PORT}/`. */
  previewUrl: string;
  description: string;
  publishedAt: string;
}

/** GET /api/shares/mine: which of the caller's projects are published, for My Projects. */
export interface MySharesResponse {
  shares: Array<{ projectName: string; shareId: string; publishedAt: string }>;
}

/** GET /api/shares/{shareId}: what a visitor without an account sees. */
export interface PublicShareResponse {
  shareId: string;
  name: string;
  description: string;
  publishedAt: string;
  /** The project's files, `.env` files left out. */
  tree: string[];
  /** Built means there is an app to show; a stopped one starts on its first visit. */
  isBuilt: boolean;
  /** The public preview's address (its own origin); empty when not built. */
  previewUrl: string;
}

/** GET /api/wall?cursor=&limit= */
export interface WallResponse {
  items: WallItem[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}
export interface WallItem {
  shareId: string;
  name: string;
  description: string;
  publishedAt: string;
  /** A screenshot of the running app, when the preview check took one. */
  thumbnailUrl: string | null;
}
