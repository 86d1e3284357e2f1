import { z } from 'zod';
import { MAX_IMAGE_BYTES, MAX_IMAGES, MAX_PROMPT_CHARS, designImageError } from '@forge/protocol/limits';
import type { ImageInput } from '../../agent/llm-provider.js';

/** The most images as base64, plus the prompt: nothing a valid request needs is refused unread. */
export const START_JOB_BODY_LIMIT_BYTES = MAX_IMAGES * Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 1024 * 1024;

/** Decoded size of base64 text without decoding it. */
export function base64Bytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** One design reference image, as generations and edits take them. */
export const designImageSchema = z
  .object({
    name: z.string({ error: 'each image needs a name' }).trim().min(1, 'each image needs a name').max(255, "an image's name is at most 255 characters"),
    base64: z.string({ error: 'image data must be base64' }).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'image data must be base64'),
    mediaType: z.string({ error: 'say what type each image is, such as image/png' }),
  })
  .superRefine((img, ctx) => {
    const error = designImageError({ name: img.name, mediaType: img.mediaType, bytes: base64Bytes(img.base64) });
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  // The checks above narrowed the media type.
  .transform((img) => img as ImageInput);

export const startJobSchema = z.object({
  prompt: z
    .string({ error: 'prompt is required' })
    .trim()
    .min(1, 'Describe your React project first: the prompt is empty.')
    .max(MAX_PROMPT_CHARS, `The description is too long (max ${MAX_PROMPT_CHARS} characters).`)
    .refine((prompt) => !prompt.includes('\0'), 'The description contains a NUL character; remove it and try again.'),
  projectName: z.string({ error: 'The project name is text.' }).optional(),
  images: z.array(designImageSchema).max(MAX_IMAGES, `At most ${MAX_IMAGES} design images per project.`).optional(),
  replace: z.boolean({ error: 'replace must be true or false' }).optional(),
});
export type StartJobDto = z.infer<typeof startJobSchema>;
