import { z } from 'zod';
import { isSafeProjectPath } from '@forge/protocol/paths';

export const MAX_FILES_PER_PROJECT = 2000;

export const saveProjectSchema = z.object({
  projectName: z.string({ error: 'projectName is required' }),
  files: z
    .record(z.string(), z.string({ error: 'each file content must be a string' }), { error: 'files must map paths to contents' })
    .refine((files) => Object.keys(files).length > 0, 'files must contain at least one file')
    .refine((files) => Object.keys(files).length <= MAX_FILES_PER_PROJECT, `a project holds at most ${MAX_FILES_PER_PROJECT} files`)
    .refine((files) => Object.keys(files).every(isSafeProjectPath), 'file paths must be relative and stay inside the project'),
});
export type SaveProjectDto = z.infer<typeof saveProjectSchema>;
