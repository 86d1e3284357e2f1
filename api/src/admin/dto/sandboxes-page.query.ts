import { z } from 'zod';
import { ADMIN_SANDBOXES_MAX_PAGE_SIZE } from '@forge/protocol/admin';

/** `?cursor=<project id>&limit=<n>`: the page after the sandbox of project `cursor`, by project name. */
export const sandboxesPageQuerySchema = z.object({
  cursor: z.guid({ error: 'cursor must be the nextCursor of a previous page' }).optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'limit must be a whole number')
    .optional()
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .refine((value) => value === undefined || (value >= 1 && value <= ADMIN_SANDBOXES_MAX_PAGE_SIZE), `limit must be from 1 to ${ADMIN_SANDBOXES_MAX_PAGE_SIZE}`),
});
export type SandboxesPageQuery = z.infer<typeof sandboxesPageQuerySchema>;
