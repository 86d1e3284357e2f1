import { describe, expect, it, jest } from '@jest/globals';
import type { SseChunk, SseSource } from '../common/http/sse.js';
import { Channel } from '../common/streams/channel.js';
import { BuildRun, MAX_OUTPUT_CHARS, MAX_OUTPUT_LINES, OUTPUT_CAP_NOTICE } from './build-run.js';

/** Reads a source to its end, keeping each chunk as it came. */
async function read(source: SseSource): Promise<SseChunk[]> {
  const chunks: SseChunk[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return chunks;
}

describe('BuildRun', () => {
  it('hands every event to its store, numbered as it is sent, for viewers on other replicas', () => {
    const stored: Array<{ seq: number; type: string; payload: string }> = [];
    const run = new BuildRun('build-1', 'project-1', (event) => stored.push(event));
    run.log('first');
    run.result(false, null);
    run.finish();
    expect(stored).toEqual([
      { seq: 1, type: 'log', payload: '{"type":"log","data":"first"}' },
      { seq: 2, type: 'result', payload: '{"type":"result","data":{"success":false,"previewUrl":null}}' },
      { seq: 3, type: 'done', payload: '{"type":"done"}' },
    ]);
  });

  it('replays everything so far in one chunk to a viewer who attaches late, then follows, and ends with done', async () => {
    const run = new BuildRun('build-1', 'project-1');
    run.log('first');
    run.log('second');
    const early = read(run.attach());
    run.log('third');
    const late = read(run.attach());
    run.result(true, 'http://preview');
    run.finish();

    expect(await late).toEqual([
      [
        { id: 1, data: '{"type":"log","data":"first"}' },
        { id: 2, data: '{"type":"log","data":"second"}' },
        { id: 3, data: '{"type":"log","data":"third"}' },
      ],
      { id: 4, data: '{"type":"result","data":{"success":true,"previewUrl":"http://preview"}}' },
      { id: 5, data: '{"type":"done"}' },
    ]);
    expect((await early).flat().map((m) => JSON.parse(m.data).type)).toEqual(['log', 'log', 'log', 'result', 'done']);
  });

  it('gives a viewer of a finished build the whole stream and ends it', async () => {
    const run = new BuildRun('build-1', 'project-1');
    run.error('Build failed', 'exit code 1');
    run.finish();
    const chunks = await read(run.attach());
    expect(chunks.flat().map((m) => JSON.parse(m.data))).toEqual([{ type: 'error', data: { error: 'Build failed', details: 'exit code 1' } }, { type: 'done' }]);
  });

  it('stops sending to a viewer that went away; the others keep following', async () => {
    const run = new BuildRun('build-1', 'project-1');
    const leaving = run.attach()[Symbol.asyncIterator]();
    const staying = read(run.attach());
    run.log('before');
    expect(await leaving.next()).toEqual({ value: { id: 1, data: '{"type":"log","data":"before"}' }, done: false });
    await leaving.return!();
    const push = jest.spyOn(Channel.prototype, 'push');
    try {
      run.log('after');
      expect(push).toHaveBeenCalledTimes(1);
    } finally {
      push.mockRestore();
    }
    run.finish();
    expect((await staying).length).toBe(3);
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

  it('ignores what a step given up on still logs after the build finished', async () => {
    const run = new BuildRun('build-1', 'project-1');
    run.finish();
    run.log('late');
    run.output('late');
    expect(run.lines).toEqual([]);
    expect((await read(run.attach())).flat()).toEqual([{ id: 1, data: '{"type":"done"}' }]);
  });

  it('masks secret values in every line and error before keeping or sending them', async () => {
    const run = new BuildRun('build-1', 'project-1');
    run.useMask((text) => text.split('sk_live_42').join('••••'));
    const seen = read(run.attach());
    run.log('key is sk_live_42');
    run.error('Failed with sk_live_42', 'details sk_live_42');
    run.finish();
    expect(run.lines).toEqual(['key is ••••', '❌ Failed with ••••: details ••••']);
    expect(JSON.stringify(await seen)).not.toContain('sk_live_42');
  });
});
