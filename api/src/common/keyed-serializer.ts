/**
 * Runs actions one at a time per key, in the order they were asked for, within this process; a
 * failed action does not stop the ones after it.
 */
export class KeyedSerializer {
  /** The last action queued for each key that has one queued or running. */
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, action: () => Promise<T>): Promise<T> {
    const next = (this.tails.get(key) ?? Promise.resolve()).catch(() => undefined).then(action);
    this.tails.set(key, next);
    void next
      .finally(() => {
        if (this.tails.get(key) === next) this.tails.delete(key);
      })
      .catch(() => undefined);
    return next;
  }

  /** Whether an action of the key is queued or running. */
  has(key: string): boolean {
    return this.tails.has(key);
  }
}
