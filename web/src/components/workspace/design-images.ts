import { MAX_IMAGE_BYTES } from '@forge/protocol/limits';

/** The formats the uploader lists (spec section 2): the ones vision models accept. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export interface UploadedImage {
  id: string;
  name: string;
  mediaType: string;
  size: number;
  /** Base64 without the data-URL prefix, as the job API takes it. */
  base64: string;
  /** For the thumbnail. */
  dataUrl: string;
}

/** Spec section 5: the log message for a file that cannot be attached, or null when it can. */
export function designImageError(file: { name: string; type: string; size: number }): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return `${file.name} is not a valid image`;
  if (file.size > MAX_IMAGE_BYTES) return `${file.name} is too large (max 5MB)`;
  return null;
}

let nextImageId = 0;

export function readDesignImage(file: File): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error(`Error loading ${file.name}`));
    reader.onload = () => {
      const dataUrl = typeof reader.result === 'string' ? reader.result : '';
      const comma = dataUrl.indexOf(',');
      if (comma < 0) {
        reject(new Error(`Error loading ${file.name}`));
        return;
      }
      nextImageId += 1;
      resolve({ id: `image-${nextImageId}`, name: file.name, mediaType: file.type, size: file.size, base64: dataUrl.slice(comma + 1), dataUrl });
    };
    reader.readAsDataURL(file);
  });
}
