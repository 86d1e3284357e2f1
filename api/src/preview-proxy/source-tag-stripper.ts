import { Transform, type TransformCallback } from 'node:stream';
import { SOURCE_TAG_ATTRIBUTE } from '@forge/protocol/source-tags';

/**
 * The longest value the sandbox's tagging plugin writes (api/sandbox-files/source-tags.mjs): a path of
 * at most 500 characters, two numbers, a component name of at most 100. A longer run is not a tag.
 */
const MAX_VALUE_CHARS = 700;
/**
 * A tag as compiled JSX carries it: the plugin puts it first among an element's attributes with a value
 * of printable ASCII without quotes, backticks or backslashes, so after the JSX compiler (and the
 * minifier) it is always the quoted key, a colon and the quoted value: `"data-forge-loc":"<value>"` from
 * the dev server (with a space after the colon), `"data-forge-loc":\`<value>\`` from rolldown's minifier,
 * which quotes strings with backticks; either quote is taken for both. A comma follows unless it is the
 * only prop, and goes with it (a trailing comma left before `}` would be valid JS too). What follows the
 * value must be seen before it is taken out: a comma that arrives in the next chunk would otherwise stay
 * behind at the start of an object, `{,`.
 */
const TAG_SOURCE = `(["'])${SOURCE_TAG_ATTRIBUTE}\\1[ \\t]{0,4}:[ \\t]{0,4}(["'\`])[^"'\`\\\\\\r\\n]{0,${MAX_VALUE_CHARS}}\\2`;
const TAG = new RegExp(`${TAG_SOURCE}(?:,|(?=[^,]))`, 'g');
/** At the end of the response there is nothing more to wait for. */
const TAG_AT_END = new RegExp(`${TAG_SOURCE},?`, 'g');
/** The longest match plus the character after it: what a chunk's end keeps for the next one. */
const WINDOW = SOURCE_TAG_ATTRIBUTE.length + 2 + 2 * 4 + 1 + 2 + MAX_VALUE_CHARS + 1 + 1;

/**
 * Takes the platform's source tags out of a script as it streams through, for a share's public app:
 * the share is served by the same sandbox as the owner's preview, whose builds carry them. Bytes are
 * read as latin1 (one character per byte), so a multi-byte character cut by a chunk boundary passes
 * unchanged and the output is byte for byte the input less the tags. It holds at most the window a
 * tag cut by a chunk boundary needs, never the script.
 */
export class SourceTagStripper extends Transform {
  private carry = '';

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const text = (this.carry + chunk.toString('latin1')).replace(TAG, '');
    const keep = Math.min(text.length, WINDOW - 1);
    this.carry = text.slice(text.length - keep);
    if (text.length > keep) this.push(Buffer.from(text.slice(0, text.length - keep), 'latin1'));
    done();
  }

  override _flush(done: TransformCallback): void {
    const text = this.carry.replace(TAG_AT_END, '');
    this.carry = '';
    if (text) this.push(Buffer.from(text, 'latin1'));
    done();
  }
}

/** Responses whose bodies are scripts: the only ones that carry tags (the built HTML has none). */
export function isScriptResponse(contentType: string | string[] | undefined): boolean {
  return /^\s*(?:text|application)\/(?:x-)?(?:javascript|ecmascript)\b/i.test(String(contentType ?? ''));
}
