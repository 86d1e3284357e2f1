import { z } from 'zod';

export const linkWalletSchema = z.object({
  address: z.string({ error: 'Connect the wallet you pay from first.' }).trim().min(1, 'Connect the wallet you pay from first.').max(100),
  message: z.string({ error: 'Ask for a link message first.' }).min(1, 'Ask for a link message first.').max(2000),
  signature: z.string({ error: 'Sign the link message with your wallet first.' }).trim().min(1, 'Sign the link message with your wallet first.').max(1000),
});
export type LinkWalletDto = z.infer<typeof linkWalletSchema>;

export const submitDepositSchema = z.object({
  txHash: z.string({ error: 'Enter the transaction hash of your USDC transfer.' }).trim().min(1, 'Enter the transaction hash of your USDC transfer.').max(200),
});
export type SubmitDepositDto = z.infer<typeof submitDepositSchema>;
