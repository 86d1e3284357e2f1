import { describe, expect, it } from '@jest/globals';
import { BuildSlots } from './build-slots.js';

/** Lets resolved acquisitions run their continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('BuildSlots', () => {
  it('runs up to its limit at once and hands slots on in order within one account', async () => {
    const queue = new BuildSlots(2, 100);
    const order: string[] = [];
    await queue.acquire('a');
    await queue.acquire('b');
    expect(queue.ahead('a')).toBe(1);
    const second = queue.acquire('a').then(() => order.push('second'));
    const third = queue.acquire('a').then(() => order.push('third'));
    expect(queue.ahead('a')).toBe(3);
    queue.release('a');
    await second;
    expect(order).toEqual(['second']);
    queue.release('a');
    await third;
    expect(order).toEqual(['second', 'third']);
    queue.release('a');
    queue.release('b');
    expect(queue.ahead('a')).toBe(0);
  });

  it("keeps a slot free for another account while one account builds: another account's build starts at once", async () => {
    const queue = new BuildSlots(2, 3);
    const order: string[] = [];
    await queue.acquire('a');
    // a's second build would take the last slot: it waits, and says so.
    expect(queue.ahead('a')).toBe(1);
    void queue.acquire('a').then(() => order.push('a2'));
    await settle();
    expect(order).toEqual([]);
    // Another account's build does not wait behind a's long ones.
    expect(queue.ahead('b')).toBe(0);
    await queue.acquire('b');
    queue.release('b');
    await settle();
    // A slot left free by b is again kept for a third account.
    expect(order).toEqual([]);
    queue.release('a');
    await settle();
    expect(order).toEqual(['a2']);
  });

  it('lets an account alone use the slots but one, and none of them beyond its fair share while others wait', async () => {
    const queue = new BuildSlots(6, 100);
    const order: string[] = [];
    for (let i = 0; i < 5; i++) await queue.acquire('a');
    void queue.acquire('a').then(() => order.push('a6'));
    await queue.acquire('b');
    void queue.acquire('b').then(() => order.push('b2'));
    void queue.acquire('c').then(() => order.push('c1'));
    queue.release('a');
    await settle();
    // The freed slot goes to the account with nothing running.
    expect(order).toEqual(['c1']);
    queue.release('a');
    await settle();
    // a runs 3, b 1, c 1: the one free slot is kept.
    expect(order).toEqual(['c1']);
    queue.release('a');
    await settle();
    // a runs 2, b 1, c 1, two free: a is at its share (6 slots / 3 accounts), b is not.
    expect(order).toEqual(['c1', 'b2']);
    queue.release('b');
    queue.release('c');
    await settle();
    // Only a wants more now: its share is all the slots but one.
    expect(order).toEqual(['c1', 'b2', 'a6']);
  });

  it('gives each account with builds waiting a turn before any account gets another', async () => {
    const queue = new BuildSlots(1, 100);
    const order: string[] = [];
    await queue.acquire('a');
    const waits = [
      ['a', 'a2'],
      ['a', 'a3'],
      ['b', 'b1'],
      ['c', 'c1'],
      ['b', 'b2'],
    ].map(([account, name]) => queue.acquire(account!).then(() => order.push(name!)));
    // A new account waits for the running build and the first builds of b and c, not for a's.
    expect(queue.ahead('d')).toBe(3);
    // c's second build would come after b's second, before a's fourth.
    expect(queue.ahead('c')).toBe(5);
    let holder = 'a';
    for (let i = 0; i < waits.length; i++) {
      queue.release(holder);
      await settle();
      holder = order.at(-1)!.slice(0, 1);
    }
    await Promise.all(waits);
    expect(order).toEqual(['b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it('hands a free slot to the account with the fewest builds running', async () => {
    const queue = new BuildSlots(3, 100);
    const order: string[] = [];
    await queue.acquire('a');
    await queue.acquire('a');
    await queue.acquire('b');
    void queue.acquire('a').then(() => order.push('a3'));
    void queue.acquire('b').then(() => order.push('b2'));
    void queue.acquire('c').then(() => order.push('c1'));
    queue.release('a');
    await settle();
    // a runs 1, b runs 1, c runs none.
    expect(order).toEqual(['c1']);
    queue.release('b');
    await settle();
    expect(order).toEqual(['c1', 'b2']);
    queue.release('c');
    await settle();
    // a and b run one each: a's second would take the last free slot.
    expect(order).toEqual(['c1', 'b2']);
    queue.release('b');
    await settle();
    expect(order).toEqual(['c1', 'b2', 'a3']);
  });

  it("starts every account's first build early when 5 accounts ask for 4 builds each at once", async () => {
    const queue = new BuildSlots(2, 100);
    const started: string[] = [];
    const running: string[] = [];
    const all: Promise<void>[] = [];
    for (const account of ['a', 'b', 'c', 'd', 'e']) {
      for (let i = 1; i <= 4; i++) {
        all.push(
          queue.acquire(account).then(() => {
            started.push(`${account}${i}`);
            running.push(account);
          }),
        );
      }
    }
    await settle();
    while (started.length < 20) {
      // The oldest running build ends.
      queue.release(running.shift()!);
      await settle();
    }
    await Promise.all(all);
    const firstStart = (account: string) => started.findIndex((name) => name.startsWith(account));
    // First come first served would start e's first build 17th.
    for (const account of ['a', 'b', 'c', 'd', 'e']) expect(firstStart(account)).toBeLessThan(6);
    expect(new Set(started).size).toBe(20);
  });

  it('lets an account run at most its own number of builds; the rest wait without taking a slot', async () => {
    const queue = new BuildSlots(4, 2);
    const order: string[] = [];
    await queue.acquire('a');
    await queue.acquire('a');
    expect(queue.atAccountLimit('a')).toBe(true);
    expect(queue.ahead('b')).toBe(0);
    void queue.acquire('a').then(() => order.push('a3'));
    await settle();
    expect(order).toEqual([]);
    // Another account takes a free slot at once, although a's third build arrived first.
    await queue.acquire('b');
    queue.release('b');
    await settle();
    expect(order).toEqual([]);
    queue.release('a');
    await settle();
    expect(order).toEqual(['a3']);
  });
});
