import { stripAnsi } from '@forge/protocol/text';

/** The longest output line shown; of a longer one the rest is counted, not kept. */
export const MAX_LINE_CHARS = 4000;

/**
 * A command's output as log lines, split as it arrives in time linear in its size: each chunk is
 * scanned once, and a line never grows past MAX_LINE_CHARS in memory, however long it runs without
 * a newline. A carriage return followed by more text starts the line over (a progress bar: only its
 * final state is shown); colour codes are removed. The last lines stay at hand for the auto-fix.
 */
export class OutputLines {
  private pending = '';
  private cut = 0;
  private readonly recent: string[] = [];
  private recentChars = 0;

  /**
   * @param onLine gets each line that is not blank.
   * @param keepChars how much of the latest output `tail()` answers.
   */
  constructor(
    private readonly onLine: (line: string) => void,
    private readonly keepChars: number,
  ) {}

  write(chunk: string): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf('\n', start);
      const end = newline === -1 ? chunk.length : newline;
      this.append(chunk, start, end);
      if (newline === -1) return;
      this.emit();
      start = newline + 1;
    }
  }

  /** The command ended: a last line without a newline is a line too. */
  end(): void {
    if (this.pending || this.cut) this.emit();
  }

  /** The latest output, at most `keepChars` of it. */
  tail(): string {
    return this.recent.join('\n').slice(-this.keepChars);
  }

  private append(chunk: string, start: number, end: number): void {
    if (start === end) return;
    // A carriage return with text after it: what came before it on this line was overwritten.
    const overwrite = end - start >= 2 ? chunk.lastIndexOf('\r', end - 2) : -1;
    if (overwrite >= start) {
      this.pending = '';
      this.cut = 0;
      start = overwrite + 1;
    } else if (this.pending.endsWith('\r')) {
      this.pending = '';
      this.cut = 0;
    }
    const room = Math.max(0, MAX_LINE_CHARS - this.pending.length);
    const taken = Math.min(room, end - start);
    if (taken > 0) this.pending += chunk.slice(start, start + taken);
    this.cut += end - start - taken;
  }

  private emit(): void {
    let line = stripAnsi(this.pending.endsWith('\r') ? this.pending.slice(0, -1) : this.pending);
    if (this.cut > 0) line += `… (line cut: ${this.cut.toLocaleString('en-US')} more characters)`;
    this.pending = '';
    this.cut = 0;
    this.remember(line);
    if (line.trim()) this.onLine(line);
  }

  private remember(line: string): void {
    this.recent.push(line);
    this.recentChars += line.length + 1;
    // Amortised: drops a batch from the front only once it is well past the budget.
    if (this.recentChars > this.keepChars * 2) {
      let drop = 0;
      while (this.recentChars > this.keepChars && drop < this.recent.length - 1) this.recentChars -= this.recent[drop++]!.length + 1;
      this.recent.splice(0, drop);
    }
  }
}
