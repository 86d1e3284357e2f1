import { z } from 'zod';
import { MAX_FILES_PER_PROJECT } from '@forge/protocol/limits';
import { fileFolderConflict, unsafePathReason } from '@forge/protocol/paths';

/** A whole project in one request (binary files as base64 count 4 characters for every 3 bytes). */
export const SAVE_PROJECT_BODY_LIMIT_BYTES = 50 * 1024 * 1024;

const fileContent = z.union([z.string(), z.strictObject({ base64: z.string() })], {
  error: 'each file content must be a string (text) or { "base64": "…" } (a binary file)',
});

export const saveProjectSchema = z.object({
  projectName: z.string({ error: 'projectName is required' }),
  files: z
    .record(z.string(), fileContent, { error: 'files must map paths to contents' })
    .refine((files) => Object.keys(files).length > 0, 'files must contain at least one file')
    .refine((files) => Object.keys(files).length <= MAX_FILES_PER_PROJECT, `a project holds at most ${MAX_FILES_PER_PROJECT} files`)
    .superRefine((files, ctx) => {
      // Every path is checked before anything is written: a save lands whole or not at all.
      for (const path of Object.keys(files)) {
        const reason = unsafePathReason(path);
        if (reason) ctx.addIssue({ code: 'custom', message: `Invalid file path "${printable(path)}" (${reason}): file paths must be relative and stay inside the project` });
      }
      const conflict = fileFolderConflict(Object.keys(files));
      if (conflict) ctx.addIssue({ code: 'custom', message: `Invalid file set: ${conflict}` });
    }),
});
export type SaveProjectDto = z.infer<typeof saveProjectSchema>;

/** A path as it can be shown in a message: control characters escaped, long ones cut. */
function printable(path: string): string {
  const escaped = JSON.stringify(path).slice(1, -1);
  return escaped.length > 80 ? `${escaped.slice(0, 77)}...` : escaped;
}
