// Reads a project ZIP as an import takes it: every entry checked before a byte is kept, contents
// streamed out of the archive with the limits counted as the bytes arrive. yauzl reads the file in
// chunks and inflates on libuv's thread pool, so a large or hostile ZIP never holds the event loop.
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { fileFolderConflict, unsafePathReason } from '@forge/protocol/paths';

/** What an import may hold; `maxBytes` is counted from the unpacked bytes as they are read, never trusted from the headers. */
export interface ImportLimits {
  maxFiles: number;
  maxBytes: number;
}

/** How deep archives may nest: the uploaded ZIP is level 1, a ZIP kept inside it level 2; one more is refused. */
export const MAX_ARCHIVE_DEPTH = 2;

/** Folders an import leaves out wherever they are: installed packages and version control. */
const SKIPPED_ANYWHERE = new Set(['node_modules', '.git']);
/** Build output, left out at the project's root only (`src/build/` is source). */
const SKIPPED_AT_ROOT = new Set(['dist', 'build']);
/** What archivers on macOS and Windows add beside the files. */
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;
/** Environment files hold secrets: `.env`, `.env.local`, `.env.production`…; never the documented example. */
const ENV_FILE = /^\.env(\.[\w.-]+)?$/;
const ENV_EXAMPLES = new Set(['.env.example', '.env.sample', '.env.template']);
const ARCHIVE_NAME = /\.(zip|jar|war|tar|tgz|gz|bz2|xz|7z|rar)$/i;
const ENV_KEY = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const UNIX = 3;

export interface ImportedArchive {
  /** Path in the project → its bytes, in the order of the archive. */
  files: Map<string, Buffer>;
  /** The single top folder that was unwrapped, if there was one. */
  unwrapped: string | null;
  /** Entries left out, by the folder that was skipped (`node_modules/`, `.git/`, `dist/`, `build/`). */
  skipped: Map<string, number>;
  /** Environment files that were read for their variable names and not stored. */
  envFiles: string[];
  /** The variable names those files set, in order, once each. */
  envKeys: string[];
  /** Unpacked bytes kept. */
  bytes: number;
}

/** Why an archive is refused, in words for the person who uploaded it. */
export class ImportRefusal extends Error {}

interface Candidate {
  entry: Entry;
  name: string;
}

/** Reads the ZIP at `zipPath`; throws an ImportRefusal naming the first thing that cannot be imported. */
export async function readImportArchive(zipPath: string, limits: ImportLimits): Promise<ImportedArchive> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
  } catch (err) {
    throw new ImportRefusal(`it is not a ZIP archive that can be read (${(err as Error).message})`);
  }
  try {
    const candidates = await listEntries(zip);
    return await readEntries(zip, candidates, limits);
  } finally {
    zip.close();
  }
}

/** Every entry of the central directory, checked for what may never be imported; no content is read yet. */
async function listEntries(zip: ZipFile): Promise<Candidate[]> {
  const candidates: Candidate[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (JUNK.test(name)) continue;
      const kind = entryKind(entry);
      if (kind === 'link') throw new ImportRefusal(`"${name}" is a symbolic link, and links are not imported: put the file it points to in its place`);
      if (kind === 'device') throw new ImportRefusal(`"${name}" is a device or special file, not a project file`);
      if (entry.isEncrypted()) throw new ImportRefusal(`"${name}" is encrypted: export the ZIP without a password`);
      if (kind === 'folder') continue;
      candidates.push({ entry, name });
    }
  } catch (err) {
    if (err instanceof ImportRefusal) throw err;
    throw new ImportRefusal(describeReadError(err as Error));
  }
  return candidates;
}

/** The project paths, the skipped folders and the limits, then each kept file's bytes. */
async function readEntries(zip: ZipFile, candidates: Candidate[], limits: ImportLimits): Promise<ImportedArchive> {
  const unwrapped = singleTopFolder(candidates.map((c) => c.name));
  const skipped = new Map<string, number>();
  const kept: Array<{ entry: Entry; path: string; env: boolean }> = [];
  const seen = new Set<string>();
  for (const { entry, name } of candidates) {
    const path = unwrapped ? name.slice(unwrapped.length + 1) : name;
    // Escaping paths were refused as the directory was read; what lies in a skipped folder is never written.
    const folder = skippedFolder(path);
    if (folder) {
      skipped.set(folder, (skipped.get(folder) ?? 0) + 1);
      continue;
    }
    const reason = unsafePathReason(path);
    if (reason) throw new ImportRefusal(`"${name}" cannot be a project file (${reason})`);
    if (seen.has(path)) throw new ImportRefusal(`it holds "${name}" twice`);
    seen.add(path);
    const env = ENV_FILE.test(posix.basename(path)) && !ENV_EXAMPLES.has(posix.basename(path));
    kept.push({ entry, path, env });
  }
  const files = kept.filter((k) => !k.env);
  if (files.length > limits.maxFiles) {
    throw new ImportRefusal(`it holds ${files.length} files, and an import may hold at most ${limits.maxFiles} (node_modules/, .git/, dist/ and build/ are not counted)`);
  }
  const conflict = fileFolderConflict(files.map((f) => f.path));
  if (conflict) throw new ImportRefusal(conflict);
  // A first look at the sizes the archive declares; the bytes themselves are counted as they are read.
  const declared = kept.reduce((sum, k) => sum + k.entry.uncompressedSize, 0);
  if (declared > limits.maxBytes) throw tooLarge(limits);

  const archive: ImportedArchive = { files: new Map(), unwrapped, skipped, envFiles: [], envKeys: [], bytes: 0 };
  const budget = { left: limits.maxBytes };
  for (const { entry, path, env } of kept) {
    const bytes = await readEntry(zip, entry, budget, limits);
    if (env) {
      archive.envFiles.push(path);
      for (const key of envKeysOf(bytes)) if (!archive.envKeys.includes(key)) archive.envKeys.push(key);
      continue;
    }
    if (ARCHIVE_NAME.test(path) && (await holdsArchives(bytes))) {
      throw new ImportRefusal(`"${path}" is an archive that holds further archives (more than ${MAX_ARCHIVE_DEPTH} levels deep): unpack it first`);
    }
    archive.files.set(path, bytes);
    archive.bytes += bytes.length;
  }
  return archive;
}

async function readEntry(zip: ZipFile, entry: Entry, budget: { left: number }, limits: ImportLimits): Promise<Buffer> {
  let stream: Readable;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (err) {
    throw new ImportRefusal(describeReadError(err as Error, entry.fileName));
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw tooLarge(limits);
      chunks.push(chunk);
    }
  } catch (err) {
    stream.destroy();
    if (err instanceof ImportRefusal) throw err;
    throw new ImportRefusal(describeReadError(err as Error, entry.fileName));
  }
  return Buffer.concat(chunks);
}

/** Whether a ZIP kept inside the import holds archives itself (a level deeper than allowed); other formats are kept as they are. */
async function holdsArchives(bytes: Buffer): Promise<boolean> {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) return false;
  let inner: ZipFile;
  try {
    inner = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    return false;
  }
  try {
    for await (const entry of inner.eachEntry()) if (ARCHIVE_NAME.test(entry.fileName)) return true;
    return false;
  } catch {
    return false;
  } finally {
    inner.close();
  }
}

/** A file, a folder, a link or anything else (a device, a pipe, a socket), from the entry's Unix mode when it has one. */
function entryKind(entry: Entry): 'file' | 'folder' | 'link' | 'device' {
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (entry.versionMadeBy >> 8 === UNIX && mode !== 0) {
    if (mode === S_IFLNK) return 'link';
    if (mode === S_IFDIR) return 'folder';
    if (mode !== S_IFREG) return 'device';
  }
  return entry.fileName.endsWith('/') ? 'folder' : 'file';
}

/** The one folder every entry sits in (a ZIP of a project folder rather than of its contents), or null. */
export function singleTopFolder(names: string[]): string | null {
  if (names.length === 0) return null;
  const first = names[0].split('/')[0];
  if (!first) return null;
  return names.every((name) => name.startsWith(`${first}/`) && name.length > first.length + 1) ? first : null;
}

/** The skipped folder a project path lies in (`node_modules/`, `.git/` anywhere; `dist/`, `build/` at the root), or null. */
export function skippedFolder(path: string): string | null {
  const segments = path.split('/');
  if (segments.length > 1 && SKIPPED_AT_ROOT.has(segments[0])) return `${segments[0]}/`;
  for (let i = 0; i < segments.length - 1; i++) if (SKIPPED_ANYWHERE.has(segments[i])) return `${segments[i]}/`;
  return null;
}

/** The variable names an environment file sets; values are never looked at. */
export function envKeysOf(bytes: Buffer): string[] {
  const keys: string[] = [];
  for (const line of bytes.toString('utf8').split(/\r?\n/)) {
    const key = ENV_KEY.exec(line)?.[1];
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

function tooLarge(limits: ImportLimits): ImportRefusal {
  return new ImportRefusal(`it unpacks to more than ${Math.round(limits.maxBytes / (1024 * 1024))} MB, the most an import may hold (node_modules/, .git/, dist/ and build/ are not counted)`);
}

/** yauzl's own words for a broken or hostile entry, as a sentence for the uploader. */
function describeReadError(err: Error, name?: string): string {
  const escape = /^(?:invalid relative path|absolute path): (.*)$/.exec(err.message);
  if (escape) return `"${escape[1]}" points outside the project folder`;
  return name ? `"${name}" could not be read (${err.message})` : `it could not be read (${err.message})`;
}
