import { spawn } from 'node:child_process';

/** What a probe saw: its slowest answer and how many it asked for. */
export interface HealthProbeResult {
  slowestMs: number;
  asked: number;
}

// Asks for the URL every 10 ms on one kept-alive connection until its stdin closes: prints "ready" after
// its first answer, and what it saw at the end.
const PROBE = `
const { Agent, request } = require('node:http');
const agent = new Agent({ keepAlive: true });
let done = false, slowestMs = 0, asked = 0, failure = '';
process.stdin.resume();
process.stdin.on('end', () => (done = true));
(async () => {
  while (!done) {
    const started = performance.now();
    try {
      await new Promise((resolve, reject) => {
        const req = request(process.argv[1], { agent }, (res) => { res.resume(); res.on('end', resolve); });
        req.on('error', reject);
        req.end();
      });
    } catch (err) { failure = String(err); break; }
    slowestMs = Math.max(slowestMs, performance.now() - started);
    if (asked === 0) process.stdout.write('ready\\n');
    asked += 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  process.stdout.write(JSON.stringify({ slowestMs, asked, failure }));
  agent.destroy();
})();
`;

/**
 * Runs `work` while a process of its own asks for `url` again and again, and answers the slowest
 * answer. Measured outside the test's process: after many test files jest's own heap is large, and
 * its collector's pauses would be counted as the server's.
 */
export async function slowestAnswerDuring<T>(url: string, work: () => Promise<T>): Promise<{ result: T } & HealthProbeResult> {
  const probe = spawn(process.execPath, ['-e', PROBE, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  probe.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve, reject) => {
    probe.on('error', reject);
    probe.on('exit', () => resolve());
  });
  // The work starts once the probe is answered, so none of it goes unwatched.
  await Promise.race([new Promise<void>((resolve) => probe.stdout.on('data', () => output.includes('ready\n') && resolve())), exited]);
  try {
    const result = await work();
    return { result, ...(await stop()) };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }

  async function stop(): Promise<HealthProbeResult> {
    probe.stdin.end();
    await exited;
    const seen = JSON.parse(output.slice(output.lastIndexOf('\n') + 1)) as HealthProbeResult & { failure: string };
    if (seen.failure) throw new Error(`The health probe could not reach ${url}: ${seen.failure}`);
    return { slowestMs: seen.slowestMs, asked: seen.asked };
  }
}
