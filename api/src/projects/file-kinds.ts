// Which project files are binary, what type they are, and how a model hears of them.
import { isUtf8 } from 'node:buffer';
import { posix } from 'node:path';
import mime from 'mime-types';

const OCTET_STREAM = 'application/octet-stream';
/**
 * Binary types served under their own name. Anything else (HTML, SVG, XML, scripts: types a
 * browser would run) goes out as a plain download, so no file can act as a page of the app.
 */
const SERVED_AS_IS = /^(?:image\/(?!svg)[\w.+-]+|font\/[\w.+-]+|audio\/[\w.+-]+|video\/[\w.+-]+|application\/(?:pdf|wasm|zip|gzip|vnd\.ms-fontobject))$/;

/** Binary when the bytes are not UTF-8 text: an invalid sequence or a NUL byte (text never holds one). */
export function isBinaryContent(content: string | Buffer): boolean {
  if (typeof content === 'string') return content.includes('\0');
  return content.includes(0) || !isUtf8(content);
}

/** The media type a file's name says, `application/octet-stream` when it says none. */
export function mediaTypeOf(path: string): string {
  return mime.lookup(posix.basename(path)) || OCTET_STREAM;
}

/** The type a binary file is served under: its own when it is inert (an image, a font, audio), else a download. */
export function servedMediaType(path: string): string {
  const type = mediaTypeOf(path);
  return SERVED_AS_IS.test(type) ? type : OCTET_STREAM;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** One file as a project listing stores it. */
export interface FileEntry {
  path: string;
  sizeBytes: number;
  binary: boolean;
}

/**
 * A file as a model's prompt lists it: a text file by its path; a binary one by path, type and size,
 * since its bytes are never shown (`public/logo.png (binary image/png, 12.3 KB)`).
 */
export function listedForModel(file: FileEntry): string {
  return file.binary ? `${file.path} (binary ${mediaTypeOf(file.path)}, ${formatSize(file.sizeBytes)})` : file.path;
}

/** What a prompt says about the binary files it lists, when it lists any. */
export const BINARY_FILES_NOTE =
  'Files marked "binary" (images, fonts, audio) are listed with their type and size only: their bytes are not shown and cannot be edited. Refer to them by path; do not rewrite them.';
