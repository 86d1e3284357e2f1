import { Readable, type Transform, pipeline } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { StreamableFile } from '@nestjs/common';
import { TEXT_FILE_ANSWER_TYPE } from '@forge/protocol/files';
import { type FileEntry, servedMediaType } from './file-kinds.js';

/**
 * Sent with every file answer: a project's file is never run as a page of the app's origin, whatever
 * its bytes (an owner's or a share's file opened directly in a tab is inert); one served as a
 * download still downloads.
 */
export const FILE_ANSWER_HEADERS = {
  noSniff: 'nosniff',
  contentSecurityPolicy: "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox allow-downloads",
} as const;

/**
 * A file as the file API answers it (protocol `files.ts`): a text file as the spec's
 * `{ "content": "…" }`, a binary file as its bytes under its media type. Both stream a chunk at a time
 * from disk: a large file never sits whole in memory, nor does encoding it stop the event loop.
 * `transform` rewrites the bytes on their way (a share masks secrets); for a binary file it must keep
 * their length, which the answer states.
 */
export function fileAnswer(file: FileEntry, bytes: Readable, transform: Transform | null = null): StreamableFile {
  const source = transform ? pipeline(bytes, transform, () => undefined) : bytes;
  if (!file.binary) return new StreamableFile(Readable.from(jsonContent(source)), { type: `${TEXT_FILE_ANSWER_TYPE}; charset=utf-8` });
  return new StreamableFile(source, { type: servedMediaType(file.path), length: file.sizeBytes });
}

/** What rewrites a file's bytes on their way out, chosen once the file is known; null leaves them as they are. */
export type AnswerTransform = (file: FileEntry) => Promise<Transform | null>;

/** UTF-8 bytes as the JSON `{ "content": "…" }`, escaped a chunk at a time; the same text `JSON.stringify` gives. */
export async function* jsonContent(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  // Characters cut between two chunks are completed from the next one.
  const decoder = new StringDecoder('utf8');
  yield '{"content":"';
  for await (const chunk of bytes) {
    const text = decoder.write(chunk);
    if (text) yield escaped(text);
  }
  const rest = decoder.end();
  if (rest) yield escaped(rest);
  yield '"}';
}

function escaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
