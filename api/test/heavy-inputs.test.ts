// Inputs whose cost grows with their size, sent by an ordinary account: the platform keeps answering
// everyone else (`/api/health` within 0.5 s throughout) and the input gets a bounded answer.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DIFF_TOO_LARGE_NOTE, type VersionDiffResponse, type VersionListResponse } from '@forge/protocol/versions';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await startTestApp();
  cookie = (await signUp(t.http)).cookie;
});

afterAll(async () => {
  await t?.close();
});

/** Runs `attack` while asking for /api/health every 50 ms; answers the slowest health answer, in ms. */
async function slowestHealthDuring(attack: () => Promise<unknown>): Promise<number> {
  let slowest = 0;
  let attacking = true;
  const sampling = (async () => {
    while (attacking) {
      const started = performance.now();
      const res = await fetch(`${t.baseUrl}/api/health`);
      expect(res.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    await attack();
  } finally {
    attacking = false;
    await sampling;
  }
  return slowest;
}

describe('diffs of large changes', () => {
  it('a 5,000-line file with every line changed: its version and its diff, three times, while /api/health answers within 0.5 s', async () => {
    const lines = (word: string) => Array.from({ length: 5_000 }, (_, i) => `${word} ${i}\n`).join('');
    const save = (content: string) =>
      t.http
        .post('/api/projects/save')
        .set('Cookie', cookie)
        .send({ projectName: 'big-diff', files: { 'big.txt': content } })
        .expect(201);
    await save(lines('line'));

    let diffs: string[] = [];
    const slowest = await slowestHealthDuring(async () => {
      await save(lines('row'));
      const { versions } = (await t.http.get('/api/projects/big-diff/versions').set('Cookie', cookie).expect(200)).body as VersionListResponse;
      expect(versions[0]!.files).toEqual([{ path: 'big.txt', added: 5_000, removed: 5_000 }]);
      const answers = await Promise.all([1, 2, 3].map(() => t.http.get(`/api/projects/big-diff/versions/${versions[0]!.id}/diff`).set('Cookie', cookie).expect(200)));
      diffs = answers.map((res) => (res.body as VersionDiffResponse).diff);
    });

    for (const diff of diffs) expect(diff).toContain(`+++ b/big.txt\n${DIFF_TOO_LARGE_NOTE} (5000 lines before, 5000 after)`);
    expect(slowest).toBeLessThan(500);
  }, 60_000);
});
