import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as Record<string, unknown>).__FORGE_TEST_DB__ as { stops: Array<() => Promise<void>>; dir: string } | undefined;
  if (!state) return;
  for (const stop of state.stops) await stop();
  await rm(state.dir, { recursive: true, force: true });
}
