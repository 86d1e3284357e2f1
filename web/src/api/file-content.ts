import type { FileContentResponse } from '@forge/protocol/api';
import { isTextFileAnswer } from '@forge/protocol/files';
import { type ApiRoute, apiFetch } from './client';

/** One file as the file API answers it: a text file's content, or what a binary file is. */
export type LoadedFile =
  | { kind: 'text'; content: string }
  /** `url` answers the bytes themselves (an `<img src>`, a download link). */
  | { kind: 'binary'; mediaType: string; sizeBytes: number | null; url: string };

/**
 * Reads a file through the owner's or a share's file API. A text file answers the spec's JSON; a
 * binary one answers its bytes, of which only the headers are read here: an image is then shown from
 * its address, anything else is described by type and size.
 */
export async function fetchProjectFile(route: ApiRoute, signal?: AbortSignal): Promise<LoadedFile> {
  const response = await apiFetch(route, { signal });
  const contentType = response.headers?.get('content-type') ?? null;
  if (contentType === null || isTextFileAnswer(contentType)) {
    const body = (JSON.parse(await response.text()) as Partial<FileContentResponse>) ?? {};
    return { kind: 'text', content: body.content ?? '' };
  }
  void response.body?.cancel().catch(() => undefined);
  const length = response.headers.get('content-length');
  return { kind: 'binary', mediaType: contentType.split(';')[0]!.trim(), sizeBytes: length === null ? null : Number(length), url: route.url };
}

/** Images a browser shows in an `<img>`. */
export function isViewableImage(mediaType: string): boolean {
  return /^image\/(?:png|jpeg|gif|webp|avif|bmp|vnd\.microsoft\.icon|x-icon)$/.test(mediaType);
}
