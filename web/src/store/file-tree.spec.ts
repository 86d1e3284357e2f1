import { describe, expect, it } from '@jest/globals';
import { buildFileTree, findNode, folderPaths } from './file-tree';

describe('buildFileTree', () => {
  it('splits paths on slashes into nested folders and files', () => {
    const tree = buildFileTree(['src/App.tsx', 'src/components/Header.tsx', 'package.json']);
    expect(tree).toEqual([
      {
        name: 'src',
        path: 'src',
        type: 'folder',
        children: [
          {
            name: 'components',
            path: 'src/components',
            type: 'folder',
            children: [{ name: 'Header.tsx', path: 'src/components/Header.tsx', type: 'file' }],
          },
          { name: 'App.tsx', path: 'src/App.tsx', type: 'file' },
        ],
      },
      { name: 'package.json', path: 'package.json', type: 'file' },
    ]);
  });

  it('puts folders first, then sorts alphabetically at every level', () => {
    const tree = buildFileTree(['b.ts', 'A.ts', 'z/x.ts', 'c/y.ts', 'a.css', 'c/a/b.ts', 'c/B.ts']);
    expect(tree.map((node) => node.name)).toEqual(['c', 'z', 'a.css', 'A.ts', 'b.ts']);
    expect(findNode(tree, 'c')!.children!.map((node) => node.name)).toEqual(['a', 'B.ts', 'y.ts']);
  });

  it('attaches known content to files', () => {
    const tree = buildFileTree(['src/main.tsx', 'index.html'], { 'src/main.tsx': 'render()' });
    expect(findNode(tree, 'src/main.tsx')!.content).toBe('render()');
    expect(findNode(tree, 'index.html')!.content).toBeUndefined();
  });

  it('merges repeated folders and ignores duplicate, empty and dot segments', () => {
    const tree = buildFileTree(['src/a.ts', 'src/a.ts', './src//b.ts', '']);
    expect(tree).toHaveLength(1);
    expect(tree[0].children!.map((node) => node.path)).toEqual(['src/a.ts', 'src/b.ts']);
  });

  it('turns a path into a folder when another path goes through it', () => {
    const tree = buildFileTree(['docs', 'docs/intro.md']);
    expect(tree).toEqual([{ name: 'docs', path: 'docs', type: 'folder', children: [{ name: 'intro.md', path: 'docs/intro.md', type: 'file' }] }]);
  });

  it('returns an empty tree for no paths', () => {
    expect(buildFileTree([])).toEqual([]);
  });
});

describe('findNode and folderPaths', () => {
  const tree = buildFileTree(['src/components/ui/button.tsx', 'src/main.tsx', 'public/logo.svg']);

  it('finds files and folders by path', () => {
    expect(findNode(tree, 'src/components/ui/button.tsx')?.type).toBe('file');
    expect(findNode(tree, 'src/components')?.type).toBe('folder');
    expect(findNode(tree, 'src/missing.ts')).toBeUndefined();
    expect(findNode(tree, 'sr')).toBeUndefined();
  });

  it('lists every folder', () => {
    expect(folderPaths(tree).sort()).toEqual(['public', 'src', 'src/components', 'src/components/ui']);
  });
});
