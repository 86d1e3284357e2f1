// tar-stream ships no types; this covers the part the sandboxes use.
declare module 'tar-stream' {
  import type { Readable } from 'node:stream';

  interface Headers {
    name: string;
    size?: number;
    mode?: number;
    uid?: number;
    gid?: number;
    mtime?: Date;
    type?: 'file' | 'directory';
  }

  interface Pack extends Readable {
    entry(headers: Headers, content: Buffer | string, callback?: (err?: Error | null) => void): void;
    finalize(): void;
  }

  const tar: { pack(): Pack };
  export default tar;
}
