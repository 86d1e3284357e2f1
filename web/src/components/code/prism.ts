import Prism from 'prismjs';
import type { CodeLanguage } from './languages';

// Prism would otherwise re-highlight every code element on the page after load, behind React's back.
Prism.manual = true;

// The language files read a global `Prism`. The bundler defers the CommonJS core until its importer runs,
// which can be after those files when they share a chunk, so the global is set here first and the
// languages are loaded only then.
(globalThis as { Prism?: typeof Prism }).Prism = Prism;
await import('./prism-languages');

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Highlighted HTML for a code element; plain text is escaped, never injected. */
export function highlightCode(code: string, language: CodeLanguage): string {
  const grammar = language === 'plain' ? undefined : Prism.languages[language];
  return grammar ? Prism.highlight(code, grammar, language) : escapeHtml(code);
}
