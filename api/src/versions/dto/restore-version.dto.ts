import { z } from 'zod';

export const restoreVersionSchema = z.object({
  withData: z.boolean({ error: 'withData must be true or false' }).optional(),
});
export type RestoreVersionDto = z.infer<typeof restoreVersionSchema>;
