const HASHTAG = /#[\p{L}\p{N}_]+/gu;

export function hashtagsIn(text: string): string[] {
  return (text.match(HASHTAG) ?? []).map((tag) => tag.toLowerCase());
}

/** Splits text into plain parts, #hashtags and @mentions, for rendering. */
export function tokenize(text: string): Array<{ kind: 'text' | 'tag' | 'mention'; value: string }> {
  const parts: Array<{ kind: 'text' | 'tag' | 'mention'; value: string }> = [];
  const pattern = /([#@][\p{L}\p{N}_.]*[\p{L}\p{N}_])/gu;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ kind: 'text', value: text.slice(last, index) });
    parts.push({ kind: match[0].startsWith('#') ? 'tag' : 'mention', value: match[0] });
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}
