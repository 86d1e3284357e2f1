/** "Hello, World!" gives "hello-world". */
export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'post'
  );
}

/** At about 230 words a minute, never less than one minute. */
export function readingMinutes(body: string): number {
  const words = body.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}

/** The first paragraph that is not a heading or quote, cut at a word near `length` characters. */
export function excerptFrom(body: string, length = 180): string {
  const paragraph = body.split(/\n\s*\n/).find((p) => p.trim() && !/^(##|>)/.test(p.trim())) ?? body;
  const text = paragraph.trim().replace(/\s+/g, ' ');
  if (text.length <= length) return text;
  return text.slice(0, text.lastIndexOf(' ', length)) + '…';
}
