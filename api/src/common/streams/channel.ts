/**
 * A push-to-pull bridge: producers `push` items and `end`; one consumer iterates them in order.
 * Items pushed while the consumer is busy wait in a queue; `onStop` runs once when the consumer
 * stops early (a client that went away) or the channel ends.
 */
export class Channel<T> implements AsyncIterable<T> {
  private readonly queue: T[] = [];
  private waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: Error) => void } | null = null;
  private ended = false;
  private failure: Error | null = null;
  private stopped = false;

  constructor(private readonly onStop: () => void = () => {}) {}

  push(item: T): void {
    if (this.ended) return;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ value: item, done: false });
    } else {
      this.queue.push(item);
    }
  }

  end(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = error ?? null;
    if (this.waiting) {
      const { resolve, reject } = this.waiting;
      this.waiting = null;
      if (this.failure) reject(this.failure);
      else resolve({ value: undefined, done: true });
    }
    this.stop();
  }

  get isEnded(): boolean {
    return this.ended;
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        if (this.queue.length > 0) return Promise.resolve({ value: this.queue.shift()!, done: false });
        if (this.failure) return Promise.reject(this.failure);
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise<IteratorResult<T>>((resolve, reject) => (this.waiting = { resolve, reject }));
      },
      return: () => {
        this.ended = true;
        this.queue.length = 0;
        const waiting = this.waiting;
        this.waiting = null;
        waiting?.resolve({ value: undefined, done: true });
        this.stop();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  private stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.onStop();
  }
}
