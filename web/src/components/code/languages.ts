/** Prism grammar names for the languages the viewer highlights; anything else is shown as plain text. */
export type CodeLanguage = 'tsx' | 'typescript' | 'jsx' | 'javascript' | 'css' | 'json' | 'markdown' | 'markup' | 'bash' | 'sql' | 'yaml' | 'plain';

const BY_EXTENSION: Record<string, CodeLanguage> = {
  tsx: 'tsx',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  jsx: 'jsx',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  css: 'css',
  json: 'json',
  md: 'markdown',
  mdx: 'markdown',
  markdown: 'markdown',
  html: 'markup',
  htm: 'markup',
  svg: 'markup',
  xml: 'markup',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  env: 'bash',
  sql: 'sql',
  yml: 'yaml',
  yaml: 'yaml',
};

const BY_NAME: Record<string, CodeLanguage> = {
  '.env': 'bash',
  '.env.example': 'bash',
  '.env.local': 'bash',
  dockerfile: 'bash',
  '.gitignore': 'bash',
  '.npmrc': 'bash',
};

export function languageForPath(path: string): CodeLanguage {
  const name = (path.split('/').pop() ?? '').toLowerCase();
  if (BY_NAME[name]) return BY_NAME[name];
  const dot = name.lastIndexOf('.');
  if (dot < 0) return 'plain';
  return BY_EXTENSION[name.slice(dot + 1)] ?? 'plain';
}
