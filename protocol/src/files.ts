// How project files travel between the web, the API and tools. Text files are UTF-8 strings, as the
// spec has them; binary files (images, fonts, audio) are bytes, carried as base64 where JSON holds them.

/**
 * A binary file in `POST /api/projects/save`: its bytes as base64 (RFC 4648, standard alphabet,
 * padding optional). Counted against the size limits as the decoded bytes; the request body limit
 * applies to the JSON, in which base64 takes 4 characters for every 3 bytes.
 */
export interface Base64FileContent {
  base64: string;
}

/** One file of a save: UTF-8 text as it is, or binary bytes as `{ "base64": "…" }`. */
export type SavedFileContent = string | Base64FileContent;

/**
 * Which files are binary is decided by their bytes, however they were sent: a file whose bytes are
 * not UTF-8 text (an invalid sequence or a NUL byte) is binary. `GET /api/projects/{p}/file/{path}`
 * (and a share's `file/{path}`) answers a text file with the spec's JSON, `{ "content": "…" }`
 * (`Content-Type: application/json`), and a binary file with its bytes as they were saved, under its
 * media type (`image/png`; `application/octet-stream` when the name says nothing safe), with a
 * `Content-Length`. The tree lists both alike.
 */
export const TEXT_FILE_ANSWER_TYPE = 'application/json';

/** Whether a file answer's `Content-Type` is a text file's JSON rather than a binary file's bytes. */
export function isTextFileAnswer(contentType: string | null | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === TEXT_FILE_ANSWER_TYPE;
}

export function isBase64Content(value: SavedFileContent): value is Base64FileContent {
  return typeof value === 'object' && value !== null && typeof value.base64 === 'string';
}
