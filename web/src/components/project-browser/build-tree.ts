export interface BrowserTreeNode {
  name: string;
  path: string;
  type: 'file' | 'directory';
  children: BrowserTreeNode[];
}

function sortNodes(nodes: BrowserTreeNode[]): BrowserTreeNode[] {
  nodes.sort((a, b) => {
    if (a.type !== b.type) return a.type === 'directory' ? -1 : 1;
    return a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true });
  });
  for (const node of nodes) sortNodes(node.children);
  return nodes;
}

/** Builds the project page's nested file tree from slash-separated paths: folders first, then files, by name. */
export function buildBrowserTree(paths: readonly string[]): BrowserTreeNode[] {
  const root: BrowserTreeNode[] = [];
  const byPath = new Map<string, BrowserTreeNode>();

  for (const rawPath of paths) {
    const segments = rawPath.split('/').filter((segment) => segment !== '');
    let siblings = root;
    let path = '';
    segments.forEach((segment, index) => {
      path = path ? `${path}/${segment}` : segment;
      // Every path names a file, so its last segment is one, dot or not (README, LICENSE, Dockerfile).
      const type = index === segments.length - 1 ? 'file' : 'directory';
      const key = `${type}:${path}`;
      let node = byPath.get(key);
      if (!node) {
        node = { name: segment, path, type, children: [] };
        byPath.set(key, node);
        siblings.push(node);
      }
      siblings = node.children;
    });
  }
  return sortNodes(root);
}

/** Every folder path above a file, to reveal it in the tree. */
export function ancestorPaths(filePath: string): string[] {
  const segments = filePath.split('/').filter(Boolean);
  return segments.slice(0, -1).map((_, index) => segments.slice(0, index + 1).join('/'));
}
