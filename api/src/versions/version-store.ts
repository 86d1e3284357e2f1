import { createHash, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import git, { type TreeEntry } from 'isomorphic-git';
import type { VersionFileChange } from '@forge/protocol/versions';
import { Slicer } from '../common/cooperative.js';
import type { FileVersions } from '../diffs/diff-tasks.js';

export interface StoredFile {
  path: string;
  content: Buffer;
}

export interface CommitInput {
  files: StoredFile[];
  message: string;
  createdAt: Date;
}

export interface CommitResult {
  id: string;
  files: VersionFileChange[];
}

const BRANCH = 'refs/heads/main';
const AUTHOR = { name: 'Forge', email: 'forge@localhost' };
const FILE_MODE = '100644';
const TREE_MODE = '040000';

type FlatTree = Map<string, string>;

/** What computes the line counts and diffs of changed files (DiffsService, off the event loop). */
export interface FileDiffer {
  lineCounts(files: FileVersions[]): Promise<VersionFileChange[]>;
  unifiedDiff(files: FileVersions[]): Promise<string>;
}

/**
 * The version history of each project as a git repository of its own (bare, under DATA_DIR/versions,
 * so nothing a model writes into the project can touch it). Commits are made from the files as they
 * are, without a working tree or an index; any git client can read the repository.
 */
export class VersionStore {
  /**
   * Each project's last commit and its files, so a commit reads no old trees. Checked against the
   * branch on disk before use: another replica sharing DATA_DIR may have committed since.
   */
  private readonly heads = new Map<string, { id: string; tree: FlatTree }>();

  constructor(
    private readonly root: string,
    private readonly differ: FileDiffer,
  ) {}

  private gitdir(projectId: string): string {
    return join(this.root, `${projectId}.git`);
  }

  /** One commit with exactly `files`, its parent the last commit; the changed files with their line counts. */
  async commit(projectId: string, input: CommitInput): Promise<CommitResult> {
    const gitdir = this.gitdir(projectId);
    const head = await this.head(projectId);
    const tree: FlatTree = new Map();
    const contents = new Map<string, Buffer>();
    for (const file of input.files) {
      const oid = await blobId(file.content);
      // An unchanged file's blob is already stored.
      if (head?.tree.get(file.path) !== oid) await git.writeBlob({ fs, gitdir, blob: file.content });
      tree.set(file.path, oid);
      contents.set(file.path, file.content);
    }
    const treeId = await this.writeTree(gitdir, tree);
    const timestamp = Math.floor(input.createdAt.getTime() / 1000);
    const person = { ...AUTHOR, timestamp, timezoneOffset: 0 };
    const id = await git.writeCommit({
      fs,
      gitdir,
      commit: { message: `${input.message}\n`, tree: treeId, parent: head ? [head.id] : [], author: person, committer: person },
    });
    await git.writeRef({ fs, gitdir, ref: BRANCH, value: id, force: true });
    const changed: FileVersions[] = [];
    // Thousands of files (a large save) are gathered in slices, letting other requests in between.
    const slicer = new Slicer();
    for (const path of [...new Set([...(head?.tree.keys() ?? []), ...tree.keys()])].sort()) {
      await slicer.pause();
      const before = head?.tree.get(path) ?? null;
      const after = tree.get(path) ?? null;
      if (before === after) continue;
      changed.push({ path, before: before ? await this.blob(gitdir, before) : null, after: after ? contents.get(path)! : null });
    }
    this.heads.set(projectId, { id, tree });
    return { id, files: await this.differ.lineCounts(changed) };
  }

  /** The files of a commit, by path. */
  async files(projectId: string, commitId: string): Promise<Map<string, Buffer>> {
    const gitdir = this.gitdir(projectId);
    const files = new Map<string, Buffer>();
    for (const [path, oid] of await this.flatTree(gitdir, commitId)) {
      const { blob } = await git.readBlob({ fs, gitdir, oid });
      files.set(path, Buffer.from(blob));
    }
    return files;
  }

  /** The unified diff of a commit against its parent, file by file as `git diff` prints it. */
  async diff(projectId: string, commitId: string): Promise<string> {
    const gitdir = this.gitdir(projectId);
    const { commit } = await git.readCommit({ fs, gitdir, oid: commitId });
    const after = await this.flatTree(gitdir, commitId);
    const before = commit.parent[0] ? await this.flatTree(gitdir, commit.parent[0]) : new Map<string, string>();
    const changed: FileVersions[] = [];
    for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
      const [oldOid, newOid] = [before.get(path), after.get(path)];
      if (oldOid === newOid) continue;
      changed.push({ path, before: oldOid ? await this.blob(gitdir, oldOid) : null, after: newOid ? await this.blob(gitdir, newOid) : null });
    }
    return this.differ.unifiedDiff(changed);
  }

  async remove(projectId: string): Promise<void> {
    this.heads.delete(projectId);
    await rm(this.gitdir(projectId), { recursive: true, force: true });
  }

  private async head(projectId: string): Promise<{ id: string; tree: FlatTree } | null> {
    const gitdir = this.gitdir(projectId);
    if (!fs.existsSync(join(gitdir, 'HEAD'))) {
      await git.init({ fs, gitdir, bare: true, defaultBranch: 'main' });
      return null;
    }
    let id: string;
    try {
      id = await git.resolveRef({ fs, gitdir, ref: BRANCH });
    } catch {
      return null;
    }
    const cached = this.heads.get(projectId);
    if (cached?.id === id) return cached;
    const head = { id, tree: await this.flatTree(gitdir, id) };
    this.heads.set(projectId, head);
    return head;
  }

  /** Every file of a commit's tree, by slash path. */
  private async flatTree(gitdir: string, commitId: string): Promise<FlatTree> {
    const files: FlatTree = new Map();
    const walk = async (oid: string, prefix: string): Promise<void> => {
      const { tree } = await git.readTree({ fs, gitdir, oid });
      for (const entry of tree) {
        if (entry.type === 'tree') await walk(entry.oid, `${prefix}${entry.path}/`);
        else if (entry.type === 'blob') files.set(`${prefix}${entry.path}`, entry.oid);
      }
    };
    await walk(commitId, '');
    return files;
  }

  /** Writes the nested trees of a flat file list, deepest first; answers the root tree's id. */
  private async writeTree(gitdir: string, files: FlatTree): Promise<string> {
    interface Folder {
      files: Map<string, string>;
      folders: Map<string, Folder>;
    }
    const root: Folder = { files: new Map(), folders: new Map() };
    for (const [path, oid] of files) {
      const segments = path.split('/');
      let folder = root;
      for (const segment of segments.slice(0, -1)) {
        let next = folder.folders.get(segment);
        if (!next) folder.folders.set(segment, (next = { files: new Map(), folders: new Map() }));
        folder = next;
      }
      folder.files.set(segments[segments.length - 1]!, oid);
    }
    const write = async (folder: Folder): Promise<string> => {
      const entries: TreeEntry[] = [...folder.files].map(([path, oid]) => ({ mode: FILE_MODE, path, oid, type: 'blob' }));
      for (const [path, child] of folder.folders) entries.push({ mode: TREE_MODE, path, oid: await write(child), type: 'tree' });
      return git.writeTree({ fs, gitdir, tree: entries });
    };
    return write(root);
  }

  private async blob(gitdir: string, oid: string): Promise<Uint8Array> {
    return (await git.readBlob({ fs, gitdir, oid })).blob;
  }
}

/** Blobs up to this size are hashed at once; larger ones (an image, a video) on the thread pool. */
const HASH_INLINE_BYTES = 256 * 1024;

/** A blob's git id: sha-1 of its header and content, as git computes it. */
async function blobId(content: Buffer): Promise<string> {
  const header = `blob ${content.length}\0`;
  if (content.length <= HASH_INLINE_BYTES) return createHash('sha1').update(header).update(content).digest('hex');
  return Buffer.from(await webcrypto.subtle.digest('SHA-1', Buffer.concat([Buffer.from(header), content]))).toString('hex');
}
