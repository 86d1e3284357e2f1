// The v2 starter template as the platform lays it down, each shape on its own: it builds inside the
// sandbox image with no network, and the api-key shape's server waits calmly for its key.
import { afterAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEMPLATE_SHAPES, type TemplateShape, templateFiles } from '../src/agent/template/template-files.js';
import { sandboxImageTag } from '../src/config/app-config.js';

const IMAGE = process.env.SANDBOX_IMAGE ?? sandboxImageTag(fileURLToPath(new URL('../../sandbox-image', import.meta.url)));
const APP = '/workspace/app';
const dirs: string[] = [];

function docker(args: string[]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile('docker', args, { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}` }));
  });
}

async function layDown(shape: TemplateShape): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `forge-template-${shape}-`));
  dirs.push(dir);
  for (const [path, content] of templateFiles(shape, { projectName: `template-${shape}` })) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  // The sandbox's user (uid 1000) writes node_modules and dist/ into it.
  const open = async (path: string): Promise<void> => {
    await chmod(path, 0o777);
    for (const entry of await readdir(path, { withFileTypes: true })) {
      if (entry.isDirectory()) await open(join(path, entry.name));
      else await chmod(join(path, entry.name), 0o666);
    }
  };
  await open(dir);
  return dir;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the v2 template', () => {
  it.each(TEMPLATE_SHAPES)(
    'builds as the %s shape in the sandbox image from the pre-warmed packages alone',
    async (shape) => {
      const dir = await layDown(shape);
      const build = await docker([
        'run',
        '--rm',
        '--network',
        'none',
        '-v',
        `${dir}:${APP}`,
        '-w',
        APP,
        IMAGE,
        'sh',
        '-c',
        `node /opt/forge/bin/prepare-workspace.mjs ${APP} && npm run --silent typecheck && npx vite build --logLevel warn`,
      ]);
      expect({ ok: build.ok, output: build.ok ? '' : build.output }).toEqual({ ok: true, output: '' });
      expect(build.output).toContain('preinstalled in the sandbox image; nothing to download');
    },
    300_000,
  );

  it('runs the api-key shape’s server, which answers 503 naming the key it waits for, and serves the app', async () => {
    const dir = await layDown('api-key');
    await docker(['run', '--rm', '--network', 'none', '-v', `${dir}:${APP}`, '-w', APP, IMAGE, 'sh', '-c', `node /opt/forge/bin/prepare-workspace.mjs ${APP} && npx vite build --logLevel warn`]);
    const port = await freePort();
    const name = `forge-template-test-${process.pid}`;
    const started = await docker(['run', '-d', '--name', name, '--network', 'host', '-e', `PORT=${port}`, '-v', `${dir}:${APP}`, '-w', APP, IMAGE, 'npm', 'start']);
    expect(started.ok).toBe(true);
    try {
      const base = `http://127.0.0.1:${port}`;
      let health: Response | null = null;
      for (let i = 0; i < 240 && !health?.ok; i++) {
        health = await fetch(`${base}/api/health`).catch(() => null);
        if (!health?.ok) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(await health!.json()).toEqual({ ok: true, key: 'missing' });
      const waiting = await fetch(`${base}/api/status`);
      expect(waiting.status).toBe(503);
      expect(await waiting.json()).toEqual({ error: 'Waiting for SERVICE_API_KEY: add it in Secrets.', missingKey: 'SERVICE_API_KEY' });
      expect((await fetch(`${base}/api/nothing-here`)).status).toBe(503);
      const page = await fetch(`${base}/some/deep/link`);
      expect(await page.text()).toContain('<div id="root"></div>');
    } finally {
      await docker(['rm', '-f', name]);
    }
  }, 300_000);
});
