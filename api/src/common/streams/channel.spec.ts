import { describe, expect, it, jest } from '@jest/globals';
import { Channel } from './channel.js';

async function collect<T>(source: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
}

describe('Channel', () => {
  it('hands items pushed before and during iteration over in order, then ends', async () => {
    const sut = new Channel<number>();
    sut.push(1);
    const reading = collect(sut);
    sut.push(2);
    await Promise.resolve();
    sut.push(3);
    sut.end();
    await expect(reading).resolves.toEqual([1, 2, 3]);
  });

  it('rejects a waiting consumer with the error it ended with', async () => {
    const sut = new Channel<number>();
    const reading = collect(sut);
    sut.end(new Error('engine gone'));
    await expect(reading).rejects.toThrow('engine gone');
  });

  it('runs onStop once when the consumer stops early, and ignores later pushes', async () => {
    const onStop = jest.fn();
    const sut = new Channel<number>(onStop);
    const iterator = sut[Symbol.asyncIterator]();
    const waiting = iterator.next();
    await iterator.return!();
    await expect(waiting).resolves.toEqual({ value: undefined, done: true });
    sut.push(1);
    sut.end();
    expect(onStop).toHaveBeenCalledTimes(1);
    await expect(iterator.next()).resolves.toEqual({ value: undefined, done: true });
  });
});
