import { rm } from 'node:fs/promises';
import type { RunningDatabase } from '../../src/database/embedded-postgres.ts';

export default async function globalTeardown(): Promise<void> {
  const state = (globalThis as Record<string, unknown>).__FORGE_TEST_DB__ as { db: RunningDatabase; dir: string } | undefined;
  if (!state) return;
  await state.db.stop();
  await rm(state.dir, { recursive: true, force: true });
}
