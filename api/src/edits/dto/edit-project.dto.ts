import { z } from 'zod';
import { MAX_IMAGES, MAX_PROMPT_CHARS, TOO_MANY_IMAGES_MESSAGE } from '@forge/protocol/limits';
import { type SourceTarget, sourceTarget } from '@forge/protocol/source-tags';
import { EMPTY_EDIT_REQUEST_MESSAGE } from '@forge/protocol/versions';
import { START_JOB_BODY_LIMIT_BYTES, designImageSchema } from '../../generations/dto/start-job.dto.js';

/** As for a generation: the request and its design images. */
export const EDIT_PROJECT_BODY_LIMIT_BYTES = START_JOB_BODY_LIMIT_BYTES;

export const TARGET_MESSAGE = 'The target must be { file, line, column }: a file path relative to the project, and a line and column from 1.';

export const editProjectSchema = z.object({
  modificationRequest: z
    .string({ error: EMPTY_EDIT_REQUEST_MESSAGE })
    .trim()
    .min(1, EMPTY_EDIT_REQUEST_MESSAGE)
    .max(MAX_PROMPT_CHARS, `The request is too long (max ${MAX_PROMPT_CHARS} characters).`)
    .refine((request) => !request.includes('\0'), 'The request contains a NUL character; remove it and try again.'),
  images: z.array(designImageSchema).max(MAX_IMAGES, TOO_MANY_IMAGES_MESSAGE).optional(),
  /** The element picked in the preview; whether the project has that file is the service's to check. */
  target: z
    .custom<SourceTarget>((value) => sourceTarget(value) !== null, TARGET_MESSAGE)
    .transform((value) => sourceTarget(value)!)
    .optional(),
});
export type EditProjectDto = z.infer<typeof editProjectSchema>;
