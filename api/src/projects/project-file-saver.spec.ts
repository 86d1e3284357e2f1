import { describe, expect, it, jest } from '@jest/globals';
import { ProjectFileSaver } from './project-file-saver.js';

/** Writes that take a while and finish out of order unless run one after another. */
function slowWrites(failOn?: string) {
  const written: string[] = [];
  let running = 0;
  let overlapped = false;
  const write = async (projectId: string, path: string) => {
    overlapped ||= running > 0;
    running++;
    await new Promise((resolve) => setTimeout(resolve, path.length % 3));
    running--;
    if (path === failOn) throw new Error(`disk full at ${path}`);
    written.push(`${projectId}:${path}`);
  };
  return { write, written, overlapped: () => overlapped };
}

describe('ProjectFileSaver', () => {
  it('saves files one after another, in order, and answers each saved path once', async () => {
    const { write, written, overlapped } = slowWrites();
    const sut = new ProjectFileSaver(write, 'p1');
    for (const path of ['a.ts', 'src/b.tsx', 'a.ts', 'c.css']) sut.enqueue(path, 'x');
    await expect(sut.finish()).resolves.toEqual(['a.ts', 'src/b.tsx', 'c.css']);
    expect(written).toEqual(['p1:a.ts', 'p1:src/b.tsx', 'p1:a.ts', 'p1:c.css']);
    expect(overlapped()).toBe(false);
  });

  it('resolves the project once, before the first write', async () => {
    const { write, written } = slowWrites();
    const project = jest.fn(async () => 'created');
    const sut = new ProjectFileSaver(write, project);
    expect(sut.projectId).toBeNull();
    sut.enqueue('a.ts', 'x');
    sut.enqueue('b.ts', 'x');
    await sut.finish();
    expect(project).toHaveBeenCalledTimes(1);
    expect(sut.projectId).toBe('created');
    expect(written).toEqual(['created:a.ts', 'created:b.ts']);
  });

  it('keeps the first failure, writes nothing after it, and throws it from finish()', async () => {
    const { write, written } = slowWrites('b.ts');
    const sut = new ProjectFileSaver(write, 'p1');
    for (const path of ['a.ts', 'b.ts', 'c.ts']) sut.enqueue(path, 'x');
    await expect(sut.finish()).rejects.toThrow('disk full at b.ts');
    expect(written).toEqual(['p1:a.ts']);
  });

  it('asks before each write and tells after it; a skipped file does not count as saved', async () => {
    const { write, written } = slowWrites();
    const calls: string[] = [];
    const sut = new ProjectFileSaver(write, 'p1', {
      shouldWrite: async (path, content) => {
        calls.push(`ask ${path}`);
        return content !== 'same';
      },
      onSaved: (path) => calls.push(`saved ${path}`),
    });
    sut.enqueue('a.ts', 'new');
    sut.enqueue('b.ts', 'same');
    await expect(sut.finish()).resolves.toEqual(['a.ts']);
    expect(written).toEqual(['p1:a.ts']);
    expect(calls).toEqual(['ask a.ts', 'saved a.ts', 'ask b.ts']);
  });

  it('throws the failure as described by the caller', async () => {
    const { write } = slowWrites('a.ts');
    const sut = new ProjectFileSaver(write, 'p1', { describeFailure: (path, err) => new Error(`could not save ${path} (${err.message})`) });
    sut.enqueue('a.ts', 'x');
    await expect(sut.finish()).rejects.toThrow('could not save a.ts (disk full at a.ts)');
  });
});
