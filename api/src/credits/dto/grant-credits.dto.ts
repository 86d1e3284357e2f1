import { z } from 'zod';

export const grantCreditsSchema = z.object({
  accountId: z.guid({ error: 'Enter the account id, a UUID such as 3f2b8c1e-0d4a-4c5e-9b7a-2e6f1d0c9a84.' }),
  // Dollars as text keep their decimals exact; a number is read as it is written.
  amountUsd: z.union([z.string(), z.number().transform(String)], { error: 'Enter an amount in dollars, such as 25 or 0.50.' }),
  reason: z.string({ error: 'Say why the credits are granted.' }).trim().min(1, 'Say why the credits are granted.').max(200, 'The reason is at most 200 characters.'),
  confirmed: z.boolean({ error: 'confirmed is true or false.' }).optional(),
});
export type GrantCreditsDto = z.infer<typeof grantCreditsSchema>;
