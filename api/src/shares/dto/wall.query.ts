import { z } from 'zod';
import { MAX_WALL_PAGE_SIZE, WALL_PAGE_SIZE } from '@forge/protocol/shares';

/** `?cursor=&limit=`: no cursor is the newest page. */
export const wallQuerySchema = z.object({
  cursor: z.string().max(200, 'Invalid wall cursor: ask for the first page again.').optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'limit must be a whole number')
    .optional()
    .transform((value) => (value === undefined ? WALL_PAGE_SIZE : Number(value)))
    .refine((value) => value >= 1 && value <= MAX_WALL_PAGE_SIZE, `limit must be from 1 to ${MAX_WALL_PAGE_SIZE}`),
});
export type WallQuery = z.infer<typeof wallQuerySchema>;
