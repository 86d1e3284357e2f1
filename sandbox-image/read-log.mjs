// Prints the end of a log the platform keeps inside the sandbox. The project's own code runs as the
// same user and may have replaced the file with a pipe, a link or a directory: only a regular file
// is read, opened without following a link and without waiting for a writer, and never more than
// the given number of bytes.
// Usage: node /opt/forge/bin/read-log.mjs <file> <max bytes>
// Exit codes: 0 printed (maybe nothing), 2 no such file, 3 not a regular file (its kind printed).
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

export const NOT_REGULAR = 3;
export const MISSING = 2;

/** What the path holds when it is not a regular file: fifo, symlink, directory, socket, device. */
function kindOf(stat) {
  if (stat.isFIFO()) return 'fifo';
  if (stat.isSymbolicLink()) return 'symlink';
  if (stat.isDirectory()) return 'directory';
  if (stat.isSocket()) return 'socket';
  return 'device';
}

/** The last `maxBytes` of the file from its first whole line, or why it was not read. */
export function readLogTail(path, maxBytes) {
  let fd;
  try {
    // The folder too: a link there would lead the read elsewhere.
    const folder = lstatSync(dirname(path));
    if (!folder.isDirectory()) return { refused: kindOf(folder) };
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    if (err.code === 'ENOENT') return { missing: true };
    if (err.code === 'ELOOP') return { refused: 'symlink' };
    throw err;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { refused: kindOf(stat) };
    const from = Math.max(0, stat.size - maxBytes);
    // One byte more when starting mid-file: whether it is a newline tells if the first line is whole.
    const start = from > 0 ? from - 1 : 0;
    const buffer = Buffer.alloc(stat.size - start);
    let read = 0;
    while (read < buffer.length) {
      const got = readSync(fd, buffer, read, buffer.length - read, start + read);
      if (got === 0) break;
      read += got;
    }
    let text = buffer.subarray(0, read).toString('utf8');
    if (from > 0) text = text.slice(text.includes('\n') ? text.indexOf('\n') + 1 : 1);
    return { text };
  } finally {
    closeSync(fd);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [path, max] = process.argv.slice(2);
  const maxBytes = Number(max);
  if (!path || !Number.isInteger(maxBytes) || maxBytes < 0) {
    console.error('usage: read-log.mjs <file> <max bytes>');
    process.exit(1);
  }
  const result = readLogTail(path, maxBytes);
  if (result.missing) process.exit(MISSING);
  if (result.refused) {
    process.stdout.write(result.refused);
    process.exit(NOT_REGULAR);
  }
  process.stdout.write(result.text);
}
