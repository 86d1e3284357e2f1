import { languageForPath } from '@/components/code/languages';
import { highlightCode } from '@/components/code/prism';

/** Above this size highlighting costs more than it helps. */
const MAX_HIGHLIGHT_CHARS = 200_000;

/** Safe HTML for a file's content, through the workspace's single Prism setup (one grammar registration order). */
export function highlightToHtml(content: string, path: string): string {
  return highlightCode(content, content.length > MAX_HIGHLIGHT_CHARS ? 'plain' : languageForPath(path));
}
