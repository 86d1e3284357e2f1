import { z } from 'zod';

export const loginSchema = z.object({
  recoveryKey: z.string({ error: 'recoveryKey is required' }).trim().min(1, 'recoveryKey is required'),
});
export type LoginDto = z.infer<typeof loginSchema>;
