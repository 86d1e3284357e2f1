import { z } from 'zod';
import { CANCEL_REASON_MAX_CHARS } from '@forge/protocol/admin';

/** `POST /api/admin/runs/:runId/cancel`: the reason is required, since the owner reads it. */
export const cancelRunSchema = z.object(
  {
    reason: z
      .string({ error: 'Say why the work is cancelled: the owner reads the reason.' })
      .trim()
      .min(1, 'Say why the work is cancelled: the owner reads the reason.')
      .max(CANCEL_REASON_MAX_CHARS, `The reason is at most ${CANCEL_REASON_MAX_CHARS} characters.`),
  },
  { error: 'Send the reason as JSON: { "reason": "..." }.' },
);
export type CancelRunDto = z.infer<typeof cancelRunSchema>;

/** A run id in a route: a UUID, refused before it reaches a query otherwise. */
export const runIdSchema = z.guid({ error: 'Invalid run id: expected a UUID such as 3f2b8c1e-0d4a-4c5e-9b7a-2e6f1d0c9a84.' });
