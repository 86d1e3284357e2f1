import { FILE_END_MARKER, fileStartMarker } from '../../protocol/dist/file-stream.js';

export const PROJECT_BYTES = 200 * 1024;

/** A 200 KB project transcript whose lines carry a tag (job, line), split into model-sized deltas. */
export const TAG = /\/\* (j\d+s\d+) \*\//g;
export function makeDeltas(jobIndex) {
  const deltas = [];
  let size = 0;
  let seq = 0;
  let file = 0;
  while (size < PROJECT_BYTES) {
    const header = `${fileStartMarker(`src/module${file++}.ts`)}\n`;
    deltas.push(header);
    size += header.length;
    for (let line = 0; line < 60 && size < PROJECT_BYTES; line++) {
      // The tag opens the line, so it always travels whole in the line's first delta.
      const text = `/* j${jobIndex}s${seq} */ export const value${seq} = ${seq}; // some generated code\n`;
      // Models send a few tokens at a time: each line goes out in two deltas.
      deltas.push(text.slice(0, 30), text.slice(30));
      size += text.length;
      seq++;
    }
    deltas.push(`${FILE_END_MARKER}\n`);
  }
  return deltas;
}
