import { describe, expect, it } from '@jest/globals';
import { envKeysOf, singleTopFolder, skippedFolder } from './import-archive.js';

describe('singleTopFolder', () => {
  it('names the one folder every entry sits in', () => {
    expect(singleTopFolder(['site-main/package.json', 'site-main/src/App.tsx'])).toBe('site-main');
  });

  it('is null when a file sits at the top, or entries sit in several folders', () => {
    expect(singleTopFolder(['package.json', 'src/App.tsx'])).toBeNull();
    expect(singleTopFolder(['a/package.json', 'b/App.tsx'])).toBeNull();
    expect(singleTopFolder(['src'])).toBeNull();
    expect(singleTopFolder([])).toBeNull();
  });
});

describe('skippedFolder', () => {
  it('skips node_modules/ and .git/ wherever they are', () => {
    expect(skippedFolder('node_modules/react/index.js')).toBe('node_modules/');
    expect(skippedFolder('packages/web/node_modules/x/index.js')).toBe('node_modules/');
    expect(skippedFolder('.git/HEAD')).toBe('.git/');
  });

  it('skips dist/ and build/ at the root only: src/build/ is source', () => {
    expect(skippedFolder('dist/index.html')).toBe('dist/');
    expect(skippedFolder('build/static/main.js')).toBe('build/');
    expect(skippedFolder('src/build/steps.ts')).toBeNull();
  });

  it('keeps files that are only named like a skipped folder', () => {
    expect(skippedFolder('dist')).toBeNull();
    expect(skippedFolder('src/node_modules.ts')).toBeNull();
  });
});

describe('envKeysOf', () => {
  it('answers the variable names, once each, never the values', () => {
    const keys = envKeysOf(Buffer.from('# comment\nVITE_URL=https://x\r\nexport API_KEY="secret"\n\nVITE_URL=again\nnot a line\n'));
    expect(keys).toEqual(['VITE_URL', 'API_KEY']);
  });
});
