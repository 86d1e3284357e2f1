import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import { Piscina } from 'piscina';

export interface WorkerPoolOptions {
  /** Threads at most; they start on demand and stop after a while idle. */
  maxThreads: number;
  /** A thread whose heap grows past this is stopped, failing its task. */
  maxHeapMb: number;
}

/** Worker threads for a machine's spare cores: one fewer than it has, at least one. */
export function spareCores(atMost: number): number {
  return Math.max(1, Math.min(atMost, availableParallelism() - 1));
}

/** A module beside the one at `moduleUrl` (its import.meta.url), with its extension: `.ts` in the sources, `.js` once built. */
export function siblingModule(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${extname(new URL(moduleUrl).pathname)}`, moduleUrl);
}

/**
 * Threads that run the default export of the module at `moduleUrl`, for work whose cost grows with
 * its input and so must stay off the event loop. Piscina (a well-kept pool over node:worker_threads)
 * queues tasks, and cancels one (stopping its thread) when the signal given to `run` aborts. The
 * threads run niced below the event loop, so requests are answered first on a busy machine.
 */
export function workerPool(moduleUrl: URL, options: WorkerPoolOptions): Piscina {
  // From the TypeScript sources (as the tests run the platform), workers load them through swc as
  // jest does, and resolve @forge/protocol to its sources like jest's module map.
  const fromSources = moduleUrl.pathname.endsWith('.ts');
  return new Piscina({
    filename: moduleUrl.href,
    minThreads: 0,
    maxThreads: options.maxThreads,
    idleTimeout: 30_000,
    niceIncrement: 10,
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
    execArgv: fromSources ? [...process.execArgv, '--conditions=@forge/source', '--import', new URL('./typescript-sources.mjs', import.meta.url).href] : undefined,
  });
}
