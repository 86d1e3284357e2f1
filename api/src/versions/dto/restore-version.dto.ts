import { z } from 'zod';

/** The body is optional: a restore without one restores the code only. */
export const restoreVersionSchema = z
  .object({
    withData: z.boolean({ error: 'withData must be true or false' }).optional(),
  })
  .optional();
export type RestoreVersionDto = z.infer<typeof restoreVersionSchema>;
