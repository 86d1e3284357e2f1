import { z } from 'zod';

/** `POST /api/admin/nodes/:nodeId/drain`: the body may be empty; the last host taking work needs `confirmLastNode`. */
export const drainNodeSchema = z
  .object({
    confirmLastNode: z.boolean({ error: 'confirmLastNode is true or false.' }).optional(),
    reason: z.string({ error: 'The reason is text.' }).trim().max(200, 'The reason is at most 200 characters.').optional(),
  })
  .optional()
  .transform((body) => body ?? {});
export type DrainNodeDto = z.infer<typeof drainNodeSchema>;
