import { describe, expect, it } from '@jest/globals';
import { ancestorPaths, buildBrowserTree, type BrowserTreeNode } from './build-tree';

function shape(nodes: BrowserTreeNode[]): unknown[] {
  return nodes.map((node) => (node.type === 'file' ? node.path : { [node.path]: shape(node.children) }));
}

describe('buildBrowserTree', () => {
  it('nests paths by their slash-separated segments', () => {
    const tree = buildBrowserTree(['src/main.tsx', 'src/components/Button.tsx', 'package.json', 'src/App.tsx']);
    expect(shape(tree)).toEqual([{ src: [{ 'src/components': ['src/components/Button.tsx'] }, 'src/App.tsx', 'src/main.tsx'] }, 'package.json']);
  });

  it('keeps full paths and names on every node', () => {
    const [src] = buildBrowserTree(['src/lib/util.ts']);
    expect(src).toMatchObject({ name: 'src', path: 'src', type: 'directory' });
    expect(src.children[0]).toMatchObject({ name: 'lib', path: 'src/lib', type: 'directory' });
    expect(src.children[0].children[0]).toEqual({ name: 'util.ts', path: 'src/lib/util.ts', type: 'file', children: [] });
  });

  it('counts the last segment of every path as a file, with a dot in its name or not', () => {
    const tree = buildBrowserTree(['Dockerfile', '.env.example', 'docs.v2/README', 'LICENSE']);
    expect(tree.map((node) => [node.path, node.type])).toEqual([
      ['docs.v2', 'directory'],
      ['.env.example', 'file'],
      ['Dockerfile', 'file'],
      ['LICENSE', 'file'],
    ]);
    expect(tree[0].children[0]).toEqual({ name: 'README', path: 'docs.v2/README', type: 'file', children: [] });
  });

  it('sorts folders before files, then by name, numbers naturally', () => {
    const tree = buildBrowserTree(['b.ts', 'a/x.ts', 'file10.ts', 'file2.ts', 'C.ts']);
    expect(tree.map((node) => node.name)).toEqual(['a', 'b.ts', 'C.ts', 'file2.ts', 'file10.ts']);
  });

  it('ignores duplicate paths and empty segments', () => {
    const tree = buildBrowserTree(['src/a.ts', 'src/a.ts', '/src//b.ts']);
    expect(shape(tree)).toEqual([{ src: ['src/a.ts', 'src/b.ts'] }]);
  });

  it('is empty for no paths', () => {
    expect(buildBrowserTree([])).toEqual([]);
  });
});

describe('ancestorPaths', () => {
  it('lists each folder above a file', () => {
    expect(ancestorPaths('src/components/ui/Button.tsx')).toEqual(['src', 'src/components', 'src/components/ui']);
    expect(ancestorPaths('README.md')).toEqual([]);
  });
});
