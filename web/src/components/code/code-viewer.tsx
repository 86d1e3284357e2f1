import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useCodeTheme } from '@/store/code-theme';
import { countLines } from '@/lib/format';
import { cn } from '@/lib/cn';
import { languageForPath } from './languages';
import { highlightCode } from './prism';
import { CODE_THEME_STYLES } from './theme-styles';
import './code-viewer.css';

export interface CodeViewerProps {
  path: string;
  content: string;
  /** While the agent is still writing the file: follow the end and show a caret. */
  streaming?: boolean;
  className?: string;
}

export function CodeViewer({ path, content, streaming = false, className }: CodeViewerProps) {
  const theme = useCodeTheme();
  const language = languageForPath(path);
  const html = useMemo(() => highlightCode(content, language), [content, language]);
  const lineCount = Math.max(1, countLines(content));
  const gutter = useMemo(() => Array.from({ length: lineCount }, (_, i) => i + 1).join('\n'), [lineCount]);
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = scrollRef.current;
    if (streaming && element) element.scrollTop = element.scrollHeight;
  }, [streaming, content]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    element.scrollTop = 0;
    element.scrollLeft = 0;
  }, [path]);

  const style = { '--forge-code-canvas': CODE_THEME_STYLES[theme].canvas, background: CODE_THEME_STYLES[theme].canvas } as CSSProperties;

  return (
    <div ref={scrollRef} className={cn('forge-code', className)} style={style} data-theme={theme} role="region" aria-label={`Code of ${path}`} tabIndex={0}>
      <pre className={`forge-code-pre language-${language}`}>
        <span className="forge-code-gutter" aria-hidden>
          {gutter}
        </span>
        <code className={`language-${language}`}>
          <span dangerouslySetInnerHTML={{ __html: html }} />
          {streaming && <span className="forge-code-caret" aria-hidden />}
        </code>
      </pre>
    </div>
  );
}
