import { z } from 'zod';
import { AUDIT_MAX_PAGE_SIZE } from '@forge/protocol/admin';

/** `?before=<entry id>&limit=<n>`: the page after the entry `before`, newest first. */
export const auditPageQuerySchema = z.object({
  before: z.guid({ error: 'before must be the id of an audit entry' }).optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'limit must be a whole number')
    .optional()
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .refine((value) => value === undefined || (value >= 1 && value <= AUDIT_MAX_PAGE_SIZE), `limit must be from 1 to ${AUDIT_MAX_PAGE_SIZE}`),
});
export type AuditPageQuery = z.infer<typeof auditPageQuerySchema>;
