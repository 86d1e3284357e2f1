import { describe, expect, it } from '@jest/globals';
import { BuildQueue } from './build-queue.js';

describe('BuildQueue', () => {
  it('runs up to its limit at once and hands slots on in order', async () => {
    const queue = new BuildQueue(2);
    const order: string[] = [];
    await queue.acquire();
    await queue.acquire();
    expect(queue.ahead).toBe(1);
    const third = queue.acquire().then(() => order.push('third'));
    const fourth = queue.acquire().then(() => order.push('fourth'));
    expect(queue.ahead).toBe(3);
    queue.release();
    await third;
    expect(order).toEqual(['third']);
    queue.release();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
    queue.release();
    queue.release();
    expect(queue.ahead).toBe(0);
  });
});
