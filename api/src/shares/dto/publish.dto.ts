import { z } from 'zod';
import { MAX_SHARE_DESCRIPTION_CHARS, SHARE_DESCRIPTION_TOO_LONG_MESSAGE } from '@forge/protocol/shares';

/** An empty body publishes without a description; one given is trimmed. */
export const publishSchema = z
  .object({
    description: z.string().trim().max(MAX_SHARE_DESCRIPTION_CHARS, SHARE_DESCRIPTION_TOO_LONG_MESSAGE).optional(),
  })
  .default({});
export type PublishDto = z.infer<typeof publishSchema>;
