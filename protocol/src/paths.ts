const MAX_SEGMENT_BYTES = 255;

/** Why a project file path is refused, or null when it is a safe relative path inside the project. */
export function unsafePathReason(path: string): string | null {
  if (path.length === 0) return 'empty path';
  if (path.length > 512) return 'path longer than 512 characters';
  if (path.includes('\0')) return 'NUL character in path';
  if (path.includes('\\')) return 'backslash in path';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'absolute path';
  const segments = path.split('/');
  if (segments.some((s) => s === '..')) return 'path escapes the project';
  if (segments.some((s) => s === '' || s === '.')) return 'empty or "." path segment';
  // File systems refuse longer names; refusing here keeps it a clear 400, not a failed write.
  if (segments.some((s) => new TextEncoder().encode(s).length > MAX_SEGMENT_BYTES)) return `a path segment longer than ${MAX_SEGMENT_BYTES} bytes`;
  if ([...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return 'control character in path';
  return null;
}

export function isSafeProjectPath(path: string): boolean {
  return unsafePathReason(path) === null;
}

/**
 * A path that would have to be a file and a folder at once (`a` and `a/b`) in one set of files,
 * as a sentence naming both, or null when the set can be written.
 */
export function fileFolderConflict(paths: Iterable<string>): string | null {
  const files = new Set(paths);
  for (const path of files) {
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      const folder = path.slice(0, slash);
      if (files.has(folder)) return `"${folder}" cannot be both a file and the folder of "${path}"`;
    }
  }
  return null;
}
