/** At most `limit` builds at once; the rest wait in order of arrival. */
export class BuildQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** How many builds would run before one that asked now. */
  get ahead(): number {
    return this.running >= this.limit ? this.waiting.length + 1 : 0;
  }

  get capacity(): number {
    return this.limit;
  }

  async acquire(): Promise<void> {
    if (this.running < this.limit) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next build, so the count stays.
    if (next) next();
    else this.running--;
  }
}
