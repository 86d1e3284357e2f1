import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { PackageRegistryService } from './package-registry.service.js';
import type { SandboxLifecycleService } from './sandbox-lifecycle.service.js';
import { LIVE_CONFIG, LIVE_CONFIG_FILE, SandboxLiveService } from './sandbox-live.service.js';
import { SOURCE_TAGS_FILE } from './sandbox-platform-files.js';
import type { SandboxNodesService } from './sandbox-nodes.service.js';
import type { SandboxWorkspaceService } from './sandbox-workspace.service.js';

const PROJECT = 'project-1';
const CONTAINER = { id: 'c0ffee', ip: '172.30.0.2', nodeId: 'local', address: '172.30.0.2:3000' };

/** What ran in the container, in order: `copy <path>` (read from the tar on stdin), `install`, `seed dependency bundles`, `start <command>`. */
function newLiveService({ installExitCode = 0, installThrows = false } = {}) {
  const calls: string[] = [];
  const exec = jest.fn(async (_id: string, command: string[], options: { stdin?: NodeJS.ReadableStream }) => {
    if (command.includes('/opt/forge/bin/prepare-workspace.mjs')) {
      calls.push('install');
      if (installThrows) throw new Error('the engine did not answer');
      return { exitCode: installExitCode, timedOut: false, outputLimited: false, output: '' };
    }
    if (command.at(-1)?.includes('/opt/forge/live-deps')) {
      calls.push('seed dependency bundles');
      return { exitCode: 0, timedOut: false, outputLimited: false, output: '' };
    }
    // The copy: the names of the tar's entries, in order (a 512-byte header each: the name, then the size in octal at 124).
    const chunks: Buffer[] = [];
    for await (const chunk of options.stdin!) chunks.push(chunk as Buffer);
    const archive = Buffer.concat(chunks);
    const names: string[] = [];
    for (let at = 0; at + 512 <= archive.length && archive[at] !== 0;) {
      names.push(
        archive
          .subarray(at, at + 100)
          .toString('utf8')
          .replace(/\0.*$/s, ''),
      );
      const size = parseInt(
        archive
          .subarray(at + 124, at + 136)
          .toString('utf8')
          .replace(/\0.*$/s, '')
          .trim(),
        8,
      );
      at += 512 + Math.ceil(size / 512) * 512;
    }
    calls.push(`copy ${names.join(',')}`);
    return { exitCode: 0, timedOut: false, outputLimited: false, output: '' };
  });
  const nodes = { engine: jest.fn(() => ({ exec })) };
  const lifecycle = {
    ensureContainer: jest.fn(async () => CONTAINER),
    markLive: jest.fn(async () => ({ projectId: PROJECT, previewId: 'abc' })),
    markStopped: jest.fn(async () => calls.push('markStopped')),
    previewUrl: jest.fn((previewId: string) => `http://${previewId}.preview.localhost:3000/`),
  };
  const workspace = {
    startApp: jest.fn(async (_projectId: string, _container: unknown, _log: unknown, _env: unknown, command?: string) => void calls.push(`start ${command}`)),
    stopApp: jest.fn(async () => void calls.push('stopApp')),
  };
  const projects = { readFileBytes: jest.fn(async (_projectId: string, path: string) => Buffer.from(`content of ${path}`)) };
  const registry = { installEnvironment: jest.fn(async () => ({ FORGE_NPM_REGISTRY: 'http://proxy' })) };
  const sut = new SandboxLiveService(
    { builds: { timeoutSeconds: 300 } } as unknown as AppConfig,
    nodes as unknown as SandboxNodesService,
    lifecycle as unknown as SandboxLifecycleService,
    workspace as unknown as SandboxWorkspaceService,
    projects as unknown as ProjectsService,
    registry as unknown as PackageRegistryService,
  );
  sut.settleMs = 150;
  return { sut, mocks: { exec, lifecycle, workspace }, calls };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('SandboxLiveService', () => {
  it('copies the files in as they are saved, installs once package.json is in, and serves once the page and the Vite config are in', async () => {
    const { sut, calls } = newLiveService();
    const live: string[] = [];
    const onLive = (url: string) => live.push(url);
    for (const path of ['package.json', 'src/main.tsx', 'index.html']) sut.saved(PROJECT, path, onLive);
    await until(() => calls.includes('copy package.json,src/main.tsx,index.html'));
    // No Vite config yet: nothing to serve with.
    expect(calls.some((call) => call.startsWith('start'))).toBe(false);

    sut.saved(PROJECT, 'vite.config.ts', onLive);
    await until(() => live.length === 1);
    expect(live).toEqual(['http://abc.preview.localhost:3000/']);
    // Files saved together (the template) go in together, in one tar.
    expect(calls).toEqual([
      'copy package.json,src/main.tsx,index.html',
      'install',
      'copy vite.config.ts',
      `copy ${SOURCE_TAGS_FILE},${LIVE_CONFIG_FILE}`,
      // The image's pre-bundled template stack, so the first page does not wait for Vite to bundle it.
      'seed dependency bundles',
      `start node node_modules/vite/bin/vite.js --config ${LIVE_CONFIG_FILE}`,
    ]);

    // Later files keep landing; the dev server is started once.
    sut.saved(PROJECT, 'src/App.tsx', onLive);
    await until(() => calls.includes('copy src/App.tsx'));
    expect(calls.filter((call) => call.startsWith('start'))).toHaveLength(1);
  });

  it('starts no dev server when the install fails: the build after the generation says why', async () => {
    const { sut, calls, mocks } = newLiveService({ installExitCode: 1 });
    const onLive = jest.fn();
    for (const path of ['package.json', 'index.html', 'vite.config.ts']) sut.saved(PROJECT, path, onLive);
    await until(() => calls.includes('copy package.json,index.html,vite.config.ts'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mocks.workspace.startApp).not.toHaveBeenCalled();
    expect(onLive).not.toHaveBeenCalled();
  });

  it('counts an install that throws as failed at once, logged, never a rejection left for later', async () => {
    // The install starts when package.json is in, before the page and the Vite config that make the dev server
    // wait for it: a rejection with no handler yet would end the whole process (Node's default).
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const { sut, calls, mocks } = newLiveService({ installThrows: true });
      sut.saved(PROJECT, 'package.json', () => undefined);
      await until(() => warn.mock.calls.length > 0);
      expect(warn.mock.calls[0]![0]).toBe(`Live preview of ${PROJECT}: the install failed: the engine did not answer`);
      for (const path of ['index.html', 'vite.config.ts']) sut.saved(PROJECT, path, () => undefined);
      await until(() => calls.includes('copy index.html,vite.config.ts'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(mocks.workspace.startApp).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('stops the dev server when the generation ends; the preview is recorded stopped only when no build follows', async () => {
    const failed = newLiveService();
    for (const path of ['package.json', 'index.html', 'vite.config.ts']) failed.sut.saved(PROJECT, path, () => undefined);
    await until(() => failed.mocks.lifecycle.markLive.mock.calls.length === 1);
    await failed.sut.end(PROJECT, { buildFollows: false });
    expect(failed.calls.slice(-2)).toEqual(['stopApp', 'markStopped']);

    // A build follows: the dev server stops before it copies the files in, and the build records the preview.
    const completed = newLiveService();
    for (const path of ['package.json', 'index.html', 'vite.config.ts']) completed.sut.saved(PROJECT, path, () => undefined);
    await until(() => completed.mocks.lifecycle.markLive.mock.calls.length === 1);
    const ended = Date.now();
    await completed.sut.end(PROJECT, { buildFollows: true });
    // It stays a moment after the last file went in, for the page that file reloads.
    expect(Date.now() - ended).toBeGreaterThanOrEqual(50);
    expect(completed.calls.at(-1)).toBe('stopApp');
    expect(completed.mocks.lifecycle.markStopped).not.toHaveBeenCalled();

    // A last file no page waits for (a README) does not hold the build back.
    const settled = newLiveService();
    settled.sut.settleMs = 400;
    for (const path of ['package.json', 'index.html', 'vite.config.ts']) settled.sut.saved(PROJECT, path, () => undefined);
    await until(() => settled.mocks.lifecycle.markLive.mock.calls.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 450));
    settled.sut.saved(PROJECT, 'README.md', () => undefined);
    await until(() => settled.calls.includes('copy README.md'));
    const readmeEnded = Date.now();
    await settled.sut.end(PROJECT, { buildFollows: true });
    expect(Date.now() - readmeEnded).toBeLessThan(200);
    expect(settled.calls.at(-1)).toBe('stopApp');

    // Ended while the dev server was starting: it stops at once (no page saw it), and its address is never announced.
    const early = newLiveService();
    let answer: () => void = () => undefined;
    early.mocks.workspace.startApp.mockImplementationOnce(() => new Promise<undefined>((resolve) => (answer = () => resolve(undefined))));
    const onLive = jest.fn();
    for (const path of ['package.json', 'index.html', 'vite.config.ts']) early.sut.saved(PROJECT, path, onLive);
    await until(() => early.mocks.workspace.startApp.mock.calls.length === 1);
    const started = Date.now();
    await early.sut.end(PROJECT, { buildFollows: true });
    expect(Date.now() - started).toBeLessThan(100);
    expect(early.mocks.workspace.stopApp).toHaveBeenCalledTimes(1);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onLive).not.toHaveBeenCalled();
    expect(early.mocks.lifecycle.markLive).not.toHaveBeenCalled();
  });
  it('lets the build after the generation start at once and copy its files in only once the dev server stopped', async () => {
    const { sut, mocks, calls } = newLiveService();
    let stop: () => void = () => undefined;
    mocks.workspace.stopApp.mockImplementationOnce(() => new Promise<undefined>((resolve) => (stop = () => (calls.push('stopApp'), resolve(undefined)))));
    for (const path of ['package.json', 'index.html', 'vite.config.ts']) sut.saved(PROJECT, path, () => undefined);
    await until(() => mocks.lifecycle.markLive.mock.calls.length === 1);
    void sut.end(PROJECT, { buildFollows: true });
    let stopped = false;
    const waiting = sut.stopped(PROJECT).then(() => (stopped = true));
    await until(() => mocks.workspace.stopApp.mock.calls.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    stop();
    await waiting;
    expect(calls.at(-1)).toBe('stopApp');
    // Once stopped, and for a project with no live preview, there is nothing to wait for.
    await expect(sut.stopped(PROJECT)).resolves.toBeUndefined();
    await expect(sut.stopped('another-project')).resolves.toBeUndefined();
  });
});

describe("the live config's client stack", () => {
  const templates = fileURLToPath(new URL('../../templates/v2/', import.meta.url));
  const clientStack = JSON.parse(`[${/export const CLIENT_STACK = \[([^\]]*)\]/.exec(LIVE_CONFIG)![1]!.replaceAll("'", '"').replace(/,\s*$/, '')}]`) as string[];
  const stack = Object.keys((JSON.parse(readFileSync(join(templates, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
  /** The pinned packages no page imports: the servers' and the build's. */
  const notForPages = /^(?:@types\/.+|@tailwindcss\/vite|@vitejs\/plugin-react|drizzle-kit|drizzle-orm|express|pg|tailwindcss|tsx|tw-animate-css|typescript|vite)$/;

  it("is the pinned stack less the servers' and the build's packages, so the image pre-bundles what pages import", () => {
    expect(clientStack.length).toBeGreaterThan(10);
    expect(clientStack.filter((name) => !stack.includes(name))).toEqual([]);
    expect(stack.filter((name) => !clientStack.includes(name) && !notForPages.test(name))).toEqual([]);
  });

  it("holds every package the template's pages import", () => {
    const imported = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (/\.tsx?$/.test(entry.name) && dir.includes('/src'))
          for (const [, spec] of readFileSync(join(dir, entry.name), 'utf8').matchAll(/from '([^'.][^']*)'/g))
            if (!spec!.startsWith('@/')) imported.add(spec!.startsWith('@') ? spec!.split('/').slice(0, 2).join('/') : spec!.split('/')[0]!);
      }
    };
    walk(templates);
    expect([...imported].filter((name) => !clientStack.includes(name))).toEqual([]);
  });
});
