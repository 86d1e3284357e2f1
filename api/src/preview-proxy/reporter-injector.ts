import { Transform, type TransformCallback } from 'node:stream';

/** Bytes of one page held at most while its `<head>` tag is looked for. */
export const MAX_HELD_PER_PAGE = 32 * 1024;
/** Bytes held by every page together; past it, a page gets the reporter where it can at once. */
export const MAX_HELD_IN_ALL = 8 * 1024 * 1024;

/** A head tag; one with over a kilobyte of attributes is not looked for. */
const HEAD = /<head(?:\s[^>]{0,1024})?>/gi;
/** The end of the text so far when it may be the start of a head tag that the next chunk finishes. */
const PARTIAL_HEAD = /<(?:h(?:e(?:a(?:d(?:\s[^>]{0,1024})?)?)?)?)?$/i;
const DOCTYPE = /^\s*<!doctype[^>]*>/i;

/** What the pages being answered hold in all, shared by their injectors. */
export class HeldPages {
  bytes = 0;
}

/**
 * Puts the error reporter into an HTML page as it streams through: right after its `<head …>` tag
 * (a tag split across chunks included), or, when none comes within the first MAX_HELD_PER_PAGE
 * bytes or by the end, after a leading doctype, else first of all. It holds only what it has read
 * while looking; once the script is in, chunks pass as they come, with the response's backpressure.
 */
export class ReporterInjector extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** The page so far as latin1: one character per byte, so offsets in it are offsets in the bytes. */
  private text = '';
  /** Where the search for the head tag goes on; the text before it has been looked at. */
  private searchFrom = 0;
  private placed = false;

  constructor(
    private readonly script: Buffer,
    private readonly all: HeldPages,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.placed) return done(null, chunk);
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    this.all.bytes += chunk.length;
    this.text += chunk.toString('latin1');
    HEAD.lastIndex = this.searchFrom;
    const head = HEAD.exec(this.text);
    if (head) {
      this.place(head.index + head[0].length);
    } else if (this.heldBytes >= MAX_HELD_PER_PAGE || this.all.bytes > MAX_HELD_IN_ALL) {
      this.placeWithoutHead();
    } else {
      const partial = PARTIAL_HEAD.exec(this.text.slice(this.searchFrom));
      this.searchFrom = partial ? this.searchFrom + partial.index : this.text.length;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    if (!this.placed) this.placeWithoutHead();
    done();
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    this.letGo();
    done(error);
  }

  private placeWithoutHead(): void {
    const doctype = DOCTYPE.exec(this.text);
    this.place(doctype ? doctype[0].length : 0);
  }

  private place(at: number): void {
    const page = Buffer.concat(this.held, this.heldBytes);
    this.letGo();
    this.placed = true;
    if (at > 0) this.push(page.subarray(0, at));
    this.push(this.script);
    if (at < page.length) this.push(page.subarray(at));
  }

  private letGo(): void {
    this.all.bytes -= this.heldBytes;
    this.held = [];
    this.heldBytes = 0;
    this.text = '';
  }
}
