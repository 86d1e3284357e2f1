import { z } from 'zod';

/** `?q=`: an account id, the start of a key hint, or part of a project name; empty lists the latest accounts. */
export const accountsQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search for at most 100 characters: an account id, a key hint such as fk_Ab3d, or a project name.').optional().default(''),
});
export type AccountsQuery = z.infer<typeof accountsQuerySchema>;
