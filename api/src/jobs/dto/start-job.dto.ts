import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@forge/protocol/limits';
import type { ImageInput } from '../../agent/llm-provider.js';

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const MAX_IMAGES = 8;
export const MAX_PROMPT_CHARS = 20_000;

/** Decoded size of base64 text without decoding it. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

const image = z
  .object({
    name: z.string().trim().min(1, 'each image needs a name').max(255),
    base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'image data must be base64'),
    mediaType: z.string(),
  })
  .superRefine((img, ctx) => {
    // The spec's own words for the two ways an image is refused.
    if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(img.mediaType)) {
      ctx.addIssue({ code: 'custom', message: `${img.name} is not a valid image` });
    } else if (base64Bytes(img.base64) > MAX_IMAGE_BYTES) {
      ctx.addIssue({ code: 'custom', message: `${img.name} is too large (max 5MB)` });
    }
  })
  // The checks above narrowed the media type.
  .transform((img) => img as ImageInput);

export const startJobSchema = z.object({
  prompt: z
    .string({ error: 'prompt is required' })
    .trim()
    .min(1, 'Describe your React project first: the prompt is empty.')
    .max(MAX_PROMPT_CHARS, `The description is too long (max ${MAX_PROMPT_CHARS} characters).`),
  projectName: z.string().optional(),
  images: z.array(image).max(MAX_IMAGES, `At most ${MAX_IMAGES} design images per project.`).optional(),
});
export type StartJobDto = z.infer<typeof startJobSchema>;
