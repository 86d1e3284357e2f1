import { describe, expect, it } from '@jest/globals';
import { isHiddenFromShare, sharedPaths } from './share-files.js';

describe(isHiddenFromShare.name, () => {
  it('hides .env and every .env variant, at any depth and in any case', () => {
    for (const path of ['.env', '.env.local', '.env.production', 'server/.env', 'apps/api/.ENV.local', '.env/secret.txt']) expect([path, isHiddenFromShare(path)]).toEqual([path, true]);
  });

  it('shows .env.example and ordinary files, names that merely contain "env" included', () => {
    for (const path of ['.env.example', 'server/.env.example', 'src/env.ts', 'environment.md', 'src/.envrc.ts', 'README.md']) expect([path, isHiddenFromShare(path)]).toEqual([path, false]);
  });

  it('filters a tree, keeping its order', () => {
    expect(sharedPaths(['.env.example', '.env.local', 'package.json', 'src/App.tsx'])).toEqual(['.env.example', 'package.json', 'src/App.tsx']);
  });
});
