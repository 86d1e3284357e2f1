import { designImageError as imageError } from '@forge/protocol/limits';

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

/** The log message for a file that cannot be attached, or null when it can. */
export function designImageError(file: { name: string; type: string; size: number }): string | null {
  return imageError({ name: file.name, mediaType: file.type, bytes: file.size });
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
