import { z } from 'zod';

export const MAX_SECRET_CHARS = 16_384;

export const saveSecretsSchema = z.object({
  secrets: z
    .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "a secret's name is a variable name"), z.string().max(MAX_SECRET_CHARS, `a secret's value may be at most ${MAX_SECRET_CHARS} characters`))
    .refine((secrets) => Object.keys(secrets).length <= 200, 'at most 200 secrets at once'),
});
export type SaveSecretsDto = z.infer<typeof saveSecretsSchema>;
