import { describe, expect, it, jest } from '@jest/globals';
import type { SseChunk, SseSource } from '../common/http/sse.js';
import { Channel } from '../common/streams/channel.js';
import type { StoredEvent } from '../common/streams/stored-event-followers.js';
import type { PgListener } from '../platform-db/pg-listener.js';
import { RunEventFollowers } from '../runs/run-event-followers.js';
import { RunEventLog, SEQ_BLOCK } from '../runs/run-event-log.js';
import type { RunsRepository } from '../runs/runs.repository.js';
import { specSse } from '../runs/spec-streams.js';
import { BuildRun, MAX_OUTPUT_CHARS, MAX_OUTPUT_LINES, OUTPUT_CAP_NOTICE } from './build-run.js';

/** Reads a source to its end, keeping each chunk as it came. */
async function read(source: SseSource): Promise<SseChunk[]> {
  const chunks: SseChunk[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return chunks;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A build run writing into a real run event log (stored in memory), read as the spec's build
 * stream, as `POST …/build` answers it.
 */
function newBuildRun(mask?: (text: string) => string) {
  const stored: StoredEvent[] = [];
  const repository = {
    insertEventBatches: async (batches: Array<{ events: StoredEvent[] }>) => void stored.push(...batches.flatMap((batch) => batch.events)),
    // A finished build is read back from storage, as on a replica that did not run it.
    eventsAfterMany: async (cursors: Array<{ streamId: string; afterSeq: number }>) => stored.filter((e) => e.seq > cursors[0]!.afterSeq).map((e) => ({ ...e, streamId: 'build-1' })),
    reserveSeq: async () => 2 * SEQ_BLOCK,
  } as unknown as RunsRepository;
  const log = new RunEventLog(repository, new RunEventFollowers(repository, {} as PgListener));
  log.open('build-1', SEQ_BLOCK, mask);
  const run = new BuildRun('build-1', 'project-1', (event) => log.append('build-1', event));
  return {
    run,
    stored,
    attach: () => specSse(log.follow('build-1', 0), 'build'),
    finish: async () => {
      run.finish();
      await log.close('build-1');
    },
  };
}

describe('BuildRun', () => {
  it("hands every event to its run's log, in the run's vocabulary, for viewers on other replicas", async () => {
    const { run, stored, finish } = newBuildRun();
    run.started('build', 'counter');
    run.log('first');
    run.result(false, null);
    await finish();
    expect(stored).toEqual([
      { seq: 1, type: 'started', payload: '{"type":"started","runId":"build-1","kind":"build","projectName":"counter"}' },
      { seq: 2, type: 'log', payload: '{"type":"log","level":"info","message":"first"}' },
      { seq: 3, type: 'result', payload: '{"type":"result","success":false,"previewUrl":null}' },
      { seq: 4, type: 'end', payload: '{"type":"end"}' },
    ]);
  });

  it('replays everything so far in one chunk to a viewer who attaches late, then follows, and ends with done', async () => {
    const { run, attach, finish } = newBuildRun();
    run.log('first');
    run.log('second');
    await tick();
    const early = read(attach());
    run.log('third');
    await tick();
    const late = read(attach());
    run.result(true, 'http://preview');
    await finish();

    const chunks = await late;
    expect(chunks[0]).toEqual([
      { id: 1, data: '{"type":"log","data":"first"}' },
      { id: 2, data: '{"type":"log","data":"second"}' },
      { id: 3, data: '{"type":"log","data":"third"}' },
    ]);
    expect(chunks.slice(1).flat()).toEqual([
      { id: 4, data: '{"type":"result","data":{"success":true,"previewUrl":"http://preview"}}' },
      { id: 5, data: '{"type":"done"}' },
    ]);
    expect((await early).flat().map((m) => JSON.parse(m.data).type)).toEqual(['log', 'log', 'log', 'result', 'done']);
  });

  it('gives a viewer of a finished build the whole stream and ends it', async () => {
    const { run, attach, finish } = newBuildRun();
    run.error('Build failed', 'exit code 1');
    await finish();
    const chunks = await read(attach());
    expect(chunks.flat().map((m) => JSON.parse(m.data))).toEqual([{ type: 'error', data: { error: 'Build failed', details: 'exit code 1' } }, { type: 'done' }]);
  });

  it('stops sending to a viewer that went away; the others keep following', async () => {
    const { run, attach, finish } = newBuildRun();
    const leaving = attach()[Symbol.asyncIterator]();
    const staying = read(attach());
    run.log('before');
    expect(await leaving.next()).toEqual({ value: [{ id: 1, data: '{"type":"log","data":"before"}' }], done: false });
    await leaving.return!();
    const push = jest.spyOn(Channel.prototype, 'push');
    try {
      run.log('after');
      await tick();
      expect(push).toHaveBeenCalledTimes(1);
    } finally {
      push.mockRestore();
    }
    await finish();
    expect((await staying).flat().length).toBe(3);
  });

  it('shows and keeps command output up to a size cap, says so once, and counts the rest', () => {
    const run = new BuildRun('build-1', 'project-1');
    const line = 'x'.repeat(999);
    for (let i = 0; i < 3000; i++) run.output(line);
    run.flushDropped();
    run.log('❌ The build failed with exit code 1');
    const text = run.lines.join('\n');
    expect(text.length).toBeLessThan(MAX_OUTPUT_CHARS + 1000);
    expect(run.lines.filter((l) => l === OUTPUT_CAP_NOTICE)).toHaveLength(1);
    expect(run.lines.at(-2)).toBe('… 2,000 more lines of output not shown');
    // The platform's own lines still show past the cap.
    expect(run.lines.at(-1)).toBe('❌ The build failed with exit code 1');
    // Later passes (an auto-fix rebuild) stay beyond the cap: only their count is said.
    run.output('more');
    run.flushDropped();
    expect(run.lines.at(-1)).toBe('… 1 more line of output not shown');
    expect(run.lines.filter((l) => l === OUTPUT_CAP_NOTICE)).toHaveLength(1);
  });

  it('caps the number of output lines too', () => {
    const run = new BuildRun('build-1', 'project-1');
    for (let i = 0; i < MAX_OUTPUT_LINES + 5; i++) run.output('.');
    expect(run.lines).toHaveLength(MAX_OUTPUT_LINES + 1);
    expect(run.lines.at(-1)).toBe(OUTPUT_CAP_NOTICE);
  });

  it('gives each line its level where it is made: a command output line by its marks, the platform line as written', async () => {
    const { run, stored, finish } = newBuildRun();
    run.output('✓ built in 812ms');
    run.output('src/App.tsx(2,9): error TS2322: Type failed');
    run.log('✅ Build successful in 2.1 s', 'success');
    run.log('⏳ Waiting for a build slot');
    await finish();
    expect(stored.slice(0, 4).map((event) => JSON.parse(event.payload).level)).toEqual(['info', 'error', 'success', 'info']);
  });

  it('ignores what a step given up on still logs after the build finished', async () => {
    const { run, attach, finish } = newBuildRun();
    await finish();
    run.log('late');
    run.output('late');
    expect(run.lines).toEqual([]);
    expect((await read(attach())).flat()).toEqual([{ id: 1, data: '{"type":"done"}' }]);
  });

  it('masks secret values in every line and error before keeping or sending them', async () => {
    const { run, attach, finish } = newBuildRun((text) => text.split('sk_live_42').join('••••'));
    const seen = read(attach());
    run.log('key is sk_live_42');
    run.error('Failed with sk_live_42', 'details sk_live_42');
    await finish();
    expect(run.lines).toEqual(['key is ••••', '❌ Failed with ••••: details ••••']);
    expect(JSON.stringify(await seen)).not.toContain('sk_live_42');
  });
});
