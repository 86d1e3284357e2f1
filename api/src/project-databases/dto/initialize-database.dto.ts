import { z } from 'zod';

/** The URL's own rules (databaseUrlError) are checked by the service, in the words the dialog uses. */
export const initializeDatabaseSchema = z.object({
  runSeed: z.boolean({ error: 'runSeed must be true or false' }).default(true),
  useAutoUrl: z.boolean({ error: 'useAutoUrl must be true or false' }).optional(),
  databaseUrl: z.string().max(4096, 'The database URL is too long').optional(),
});
export type InitializeDatabaseDto = z.infer<typeof initializeDatabaseSchema>;
