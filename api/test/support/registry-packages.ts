// Packages placed straight into the registry proxy's storage, as if Verdaccio had them already: tests
// install packages outside the pre-warmed set without depending on any public registry.
import { createHash } from 'node:crypto';
import { chown, mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import tar from 'tar-stream';

export interface TestPackageVersion {
  version: string;
  publishedAt: Date;
  /** Files besides package.json, e.g. `{ 'index.js': 'module.exports = 1;' }`. */
  files?: Record<string, string>;
  scripts?: Record<string, string>;
}

async function tarball(manifest: object, files: Record<string, string>): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    pack.on('end', resolve);
    pack.on('error', reject);
  });
  for (const [path, content] of Object.entries({ 'package.json': JSON.stringify(manifest, null, 2), ...files })) {
    pack.entry({ name: `package/${path}`, mode: 0o644 }, content);
  }
  pack.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}

/** Writes `name` with its versions (tarballs and metadata) into the proxy's storage, owned like the storage. */
export async function placePackage(storage: string, name: string, versions: TestPackageVersion[]): Promise<void> {
  const dir = join(storage, ...name.split('/'));
  await mkdir(dir, { recursive: true });
  const base = name.slice(name.lastIndexOf('/') + 1);
  const document = {
    name,
    _id: name,
    versions: {} as Record<string, object>,
    time: { created: versions[0]!.publishedAt.toISOString(), modified: versions.at(-1)!.publishedAt.toISOString() } as Record<string, string>,
    users: {},
    'dist-tags': { latest: versions.at(-1)!.version },
    _uplinks: {},
    _distfiles: {},
    _attachments: {} as Record<string, object>,
    _rev: '1-0000000000000001',
    readme: '',
  };
  for (const { version, publishedAt, files = {}, scripts } of versions) {
    const manifest = { name, version, main: 'index.js', license: 'MIT', ...(scripts ? { scripts } : {}) };
    const file = `${base}-${version}.tgz`;
    const bytes = await tarball(manifest, files);
    await writeFile(join(dir, file), bytes);
    const dist = {
      // Verdaccio answers every tarball address on its own host, whatever host is written here.
      tarball: `http://registry.invalid/${name}/-/${file}`,
      shasum: createHash('sha1').update(bytes).digest('hex'),
      integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
    };
    document.versions[version] = { ...manifest, _id: `${name}@${version}`, dist };
    document.time[version] = publishedAt.toISOString();
    document._attachments[file] = { shasum: dist.shasum, version };
  }
  await writeFile(join(dir, 'package.json'), JSON.stringify(document, null, 2));
  // The proxy (its own account when the platform runs as root) updates the metadata it keeps there.
  const { uid, gid } = await stat(storage);
  for (const path of [...new Set([join(storage, name.split('/')[0]!), dir])]) await chown(path, uid, gid);
  for (const file of ['package.json', ...versions.map(({ version }) => `${base}-${version}.tgz`)]) await chown(join(dir, file), uid, gid);
}

export const hoursAgo = (hours: number): Date => new Date(Date.now() - hours * 3600_000);
