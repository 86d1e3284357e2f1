import { type SavedFileContent, isBase64Content } from '@forge/protocol/files';
import { ErrorCode } from '@forge/protocol/errors';
import { Slicer } from '../common/cooperative.js';
import { DomainError } from '../common/errors/domain-error.js';

/** Base64 is decoded this many characters at a time (a multiple of 4: each slice decodes on its own). */
const BASE64_SLICE_CHARS = 4 * 1024 * 1024;
const BASE64_CHARACTERS = /^[A-Za-z0-9+/]*$/;
const PAD = 0x3d;

/**
 * A save's files as they are written: text as given, binary files decoded from base64. Large
 * contents are decoded a slice at a time, pausing between slices, so one large save never holds up
 * other requests. A content that is not base64 is refused naming its file, before anything is written.
 */
export async function decodeSavedFiles(files: Record<string, SavedFileContent>): Promise<Map<string, string | Buffer>> {
  const slicer = new Slicer();
  const decoded = new Map<string, string | Buffer>();
  for (const [path, content] of Object.entries(files)) {
    decoded.set(path, isBase64Content(content) ? await decodeBase64(path, content.base64, slicer) : content);
    await slicer.pause();
  }
  return decoded;
}

async function decodeBase64(path: string, text: string, slicer: Slicer): Promise<Buffer> {
  let end = text.length;
  while (end > 0 && text.length - end < 2 && text.charCodeAt(end - 1) === PAD) end -= 1;
  if (end % 4 === 1) throw invalidBase64(path);
  const bytes = Buffer.allocUnsafe(Math.floor((end * 3) / 4));
  let written = 0;
  for (let start = 0; start < end; start += BASE64_SLICE_CHARS) {
    const slice = text.slice(start, Math.min(end, start + BASE64_SLICE_CHARS));
    if (!BASE64_CHARACTERS.test(slice)) throw invalidBase64(path);
    written += bytes.write(slice, written, 'base64');
    await slicer.pause();
  }
  return bytes.subarray(0, written);
}

function invalidBase64(path: string): DomainError {
  return new DomainError(ErrorCode.Validation, `The content of "${path}" is not valid base64: send a binary file as { "base64": "…" } with the standard alphabet (A-Z, a-z, 0-9, +, /)`);
}
