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
    file: z.string({ error: 'The file of the error is text.' }).max(500, 'The file name is too long (max 500 characters).').nullable().optional(),
    line: z.number({ error: 'The line of the error is a number.' }).int('The line of the error is a whole number.').positive('The line of the error is a whole number from 1.').nullable().optional(),
    stack: z.string({ error: 'The stack trace is text.' }).max(MAX_REPORTED_STACK_CHARS, `The stack trace is too long (max ${MAX_REPORTED_STACK_CHARS} characters).`).nullable().optional(),
  }),
});
export type FixPreviewErrorDto = z.infer<typeof fixPreviewErrorSchema>;
