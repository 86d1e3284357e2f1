/** What a save queue asks around each write, in the order the files were queued. */
export interface FileSaverHooks {
  /** Before a write: false leaves the file as it is, and it does not count as saved. */
  shouldWrite?: (path: string, content: string) => Promise<boolean>;
  /** After a write. */
  onSaved?: (path: string, content: string) => void;
  /** The error `finish()` throws for a write that failed; the failure itself unless given. */
  describeFailure?: (path: string, error: Error) => Error;
}

/** Writes one file of a project; `ProjectsService.writeFile`. */
export type WriteProjectFile = (projectId: string, path: string, content: string) => Promise<void>;

/**
 * Saves files one after another, off the streaming path, so a stream never waits on disk. The
 * project is resolved before the first write (a generation creates it then). After the first
 * failure nothing more is written; `finish()` throws it, or answers the saved paths.
 */
export class ProjectFileSaver {
  private resolvedId: string | null;
  private readonly saved: string[] = [];
  private queue: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  constructor(
    private readonly write: WriteProjectFile,
    private readonly project: string | (() => Promise<string>),
    private readonly hooks: FileSaverHooks = {},
  ) {
    this.resolvedId = typeof project === 'string' ? project : null;
  }

  /** The project written into; null until the first save resolved it. */
  get projectId(): string | null {
    return this.resolvedId;
  }

  enqueue(path: string, content: string): void {
    this.queue = this.queue.then(async () => {
      if (this.failure) return;
      try {
        const projectId = await this.resolveProject();
        if (this.hooks.shouldWrite && !(await this.hooks.shouldWrite(path, content))) return;
        await this.write(projectId, path, content);
        if (!this.saved.includes(path)) this.saved.push(path);
        this.hooks.onSaved?.(path, content);
      } catch (err) {
        this.failure = this.hooks.describeFailure?.(path, err as Error) ?? (err as Error);
      }
    });
  }

  /** Waits for every queued save; answers the saved paths in the order first saved, or throws the first failure. */
  async finish(): Promise<string[]> {
    await this.queue;
    if (this.failure) throw this.failure;
    return this.saved;
  }

  private async resolveProject(): Promise<string> {
    if (this.resolvedId === null && typeof this.project === 'function') this.resolvedId = await this.project();
    return this.resolvedId!;
  }
}
