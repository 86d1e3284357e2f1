import { describe, expect, it } from '@jest/globals';
import { designImageError, readDesignImage } from './design-images';

describe('designImageError', () => {
  it('accepts PNG, JPG, GIF and WEBP up to 5MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) {
      expect(designImageError({ name: 'a', type, size: 5 * 1024 * 1024 })).toBeNull();
    }
  });

  it('rejects other types with the spec message', () => {
    expect(designImageError({ name: 'notes.pdf', type: 'application/pdf', size: 10 })).toBe('notes.pdf is not a valid image');
    expect(designImageError({ name: 'x.svg', type: 'image/svg+xml', size: 10 })).toBe('x.svg is not a valid image');
  });

  it('rejects images over 5MB with the spec message', () => {
    expect(designImageError({ name: 'big.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('big.png is too large (max 5MB)');
  });
});

describe('readDesignImage', () => {
  it('splits the data URL into base64 and media type', async () => {
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    const image = await readDesignImage(file);
    expect(image).toMatchObject({ name: 'logo.png', mediaType: 'image/png', size: 4, base64: 'iVBORw==' });
    expect(image.dataUrl).toBe('data:image/png;base64,iVBORw==');
  });
});
