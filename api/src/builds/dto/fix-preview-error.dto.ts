import { z } from 'zod';
import { MAX_REPORTED_MESSAGE_CHARS, MAX_REPORTED_STACK_CHARS } from '@forge/protocol/preview-errors';

/** An error the owner met in the preview, as the injected reporter sent it to the workspace. */
export const fixPreviewErrorSchema = z.object({
  error: z.object({
    message: z
      .string({ error: 'Say which error to fix.' })
      .trim()
      .min(1, 'Say which error to fix.')
      .max(MAX_REPORTED_MESSAGE_CHARS, `The error message is too long (max ${MAX_REPORTED_MESSAGE_CHARS} characters).`),
    file: z.string().max(500).nullable().optional(),
    line: z.number().int().positive().nullable().optional(),
    stack: z.string().max(MAX_REPORTED_STACK_CHARS).nullable().optional(),
  }),
});
export type FixPreviewErrorDto = z.infer<typeof fixPreviewErrorSchema>;
