const KIB = 1024;
const MIB = 1024 * 1024;

/** "1 line" / "3 lines": the noun agrees with the count. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Lines as an editor shows them: a final newline does not open another line. */
export function countLines(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** UTF-8 size, which is what the file weighs on disk. Counted by hand: it runs on every streamed chunk. */
export function byteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** B below 1024, KB below 1 MiB, then MB; one decimal. */
export function formatBytes(bytes: number): string {
  if (bytes < KIB) return `${bytes} B`;
  if (bytes < MIB) return `${(bytes / KIB).toFixed(1)} KB`;
  return `${(bytes / MIB).toFixed(1)} MB`;
}

export function formatLineCount(lines: number): string {
  return pluralize(lines, 'line');
}

export function formatWordCount(words: number): string {
  return pluralize(words, 'word');
}

/** 24-hour hh:mm:ss in the viewer's local time, as terminal timestamps read. */
export function formatTime(value: number | Date): string {
  const date = typeof value === 'number' ? new Date(value) : value;
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
}
