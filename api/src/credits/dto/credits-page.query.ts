import { z } from 'zod';
import { CREDITS_MAX_PAGE_SIZE } from '@forge/protocol/credits';

/** `?before=<entry id>&limit=<n>`: the page after the entry `before`, newest first. */
export const creditsPageQuerySchema = z.object({
  before: z.guid({ error: 'before must be the id of a ledger entry' }).optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'limit must be a whole number')
    .optional()
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .refine((value) => value === undefined || (value >= 1 && value <= CREDITS_MAX_PAGE_SIZE), `limit must be from 1 to ${CREDITS_MAX_PAGE_SIZE}`),
});
export type CreditsPageQuery = z.infer<typeof creditsPageQuerySchema>;
