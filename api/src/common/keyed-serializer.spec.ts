import { describe, expect, it } from '@jest/globals';
import { KeyedSerializer } from './keyed-serializer.js';

describe(KeyedSerializer.name, () => {
  it('runs one action per key at a time, in order, while other keys go on', async () => {
    const sut = new KeyedSerializer();
    const order: string[] = [];
    const step = (name: string, ms: number) => async () => {
      order.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(`${name} ends`);
    };
    await Promise.all([sut.run('a', step('a1', 20)), sut.run('a', step('a2', 0)), sut.run('b', step('b1', 0))]);
    expect(order).toEqual(['a1 starts', 'b1 starts', 'b1 ends', 'a1 ends', 'a2 starts', 'a2 ends']);
  });

  it('goes on after a failed action, and knows which keys have one queued or running', async () => {
    const sut = new KeyedSerializer();
    const failed = sut.run('a', async () => Promise.reject(new Error('failed')));
    const next = sut.run('a', async () => 'ran');
    expect(sut.has('a')).toBe(true);
    expect(sut.has('b')).toBe(false);
    await expect(failed).rejects.toThrow('failed');
    expect(await next).toBe('ran');
    await new Promise((resolve) => setImmediate(resolve));
    expect(sut.has('a')).toBe(false);
  });
});
