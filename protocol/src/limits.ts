// Limits both sides enforce: the web checks them as the user types, the API refuses what breaks them.

/** The image formats design references may use: the ones vision models accept. */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 8;
export const MAX_PROMPT_CHARS = 20_000;
export const MAX_FILES_PER_PROJECT = 2000;
/** The words both sides use when a description or its images break the limits above. */
export const PROMPT_TOO_LONG_MESSAGE = `The description is too long (max ${MAX_PROMPT_CHARS} characters).`;
export const TOO_MANY_IMAGES_MESSAGE = `At most ${MAX_IMAGES} design images per project.`;
/** Rows per page of a database table's data preview. */
export const DATA_PAGE_SIZE = 10;

export function isImageMediaType(type: string): type is ImageMediaType {
  return (IMAGE_MEDIA_TYPES as readonly string[]).includes(type);
}

/** Why a design image is refused, in the words the user sees, or null when it is fine. */
export function designImageError(image: { name: string; mediaType: string; bytes: number }): string | null {
  if (!isImageMediaType(image.mediaType)) return `${image.name} is not a valid image`;
  if (image.bytes > MAX_IMAGE_BYTES) return `${image.name} is too large (max 5MB)`;
  return null;
}
