export type FileNodeType = 'file' | 'folder';

export interface FileNode {
  name: string;
  path: string;
  type: FileNodeType;
  /** Folders only. */
  children?: FileNode[];
  /** Files only, when the text is known: read from the contents the tree was built with, never copied. */
  readonly content?: string;
}

function compareNodes(a: FileNode, b: FileNode): number {
  if (a.type !== b.type) return a.type === 'folder' ? -1 : 1;
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

function sortNodes(nodes: FileNode[]): void {
  nodes.sort(compareNodes);
  for (const node of nodes) if (node.children) sortNodes(node.children);
}

/**
 * Builds nested nodes from slash-separated paths: folders first, then alphabetical, at every level.
 * A file node's `content` reads `contents` (by the path as given) whenever it is asked, so the text
 * stays in one place however often it changes.
 */
export function buildFileTree(paths: readonly string[], contents: Readonly<Record<string, string>> = {}): FileNode[] {
  const root: FileNode[] = [];
  // One index per level keeps large trees linear instead of scanning siblings for every segment.
  const indexes = new WeakMap<FileNode[], Map<string, FileNode>>([[root, new Map()]]);

  for (const rawPath of paths) {
    const segments = rawPath.split('/').filter((segment) => segment !== '' && segment !== '.');
    let level = root;
    for (let i = 0; i < segments.length; i++) {
      const name = segments[i];
      const path = segments.slice(0, i + 1).join('/');
      const isLast = i === segments.length - 1;
      const index = indexes.get(level)!;
      let node = index.get(name);
      if (!node) {
        node = isLast ? { name, path, type: 'file' } : { name, path, type: 'folder', children: [] };
        if (isLast) Object.defineProperty(node, 'content', { enumerable: true, configurable: true, get: () => contents[rawPath] });
        index.set(name, node);
        level.push(node);
      } else if (!isLast && node.type === 'file') {
        // "a" listed as a file and also as the parent of "a/b": the folder wins, since it holds more.
        node.type = 'folder';
        node.children = [];
        Reflect.deleteProperty(node, 'content');
      }
      if (!isLast) {
        if (!indexes.has(node.children!)) indexes.set(node.children!, new Map());
        level = node.children!;
      }
    }
  }

  sortNodes(root);
  return root;
}

interface TreeLike<T> {
  readonly path: string;
  readonly type: FileNodeType;
  readonly children?: readonly T[];
}

export function findNode<T extends TreeLike<T>>(nodes: readonly T[], path: string): T | undefined {
  for (const node of nodes) {
    if (node.path === path) return node;
    if (node.children && path.startsWith(`${node.path}/`)) return findNode(node.children, path);
  }
  return undefined;
}

/** Paths of every folder, for expanding a whole tree at once. */
export function folderPaths<T extends TreeLike<T>>(nodes: readonly T[]): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.type === 'folder') {
      out.push(node.path);
      if (node.children) out.push(...folderPaths(node.children));
    }
  }
  return out;
}
