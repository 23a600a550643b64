import { describe, expect, it } from 'vitest';
import { isAcceptedImageFile } from './image-file';

describe('isAcceptedImageFile', () => {
  it('takes the image types, HEIC and HEIF among them', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif'])
      expect(isAcceptedImageFile({ type, name: 'bild' }), type).toBe(true);
  });
  it('takes a .heic or .heif file the system gave no type', () => {
    expect(isAcceptedImageFile({ type: '', name: 'IMG_0042.HEIC' })).toBe(true);
    expect(isAcceptedImageFile({ type: 'application/octet-stream', name: 'bild.heif' })).toBe(true);
  });
  it('refuses other types and untyped files with other names', () => {
    expect(isAcceptedImageFile({ type: 'image/svg+xml', name: 'logo.svg' })).toBe(false);
    expect(isAcceptedImageFile({ type: 'image/tiff', name: 'bild.heic' })).toBe(false);
    expect(isAcceptedImageFile({ type: '', name: 'bild.jpg.exe' })).toBe(false);
    expect(isAcceptedImageFile({ type: '', name: 'heic' })).toBe(false);
  });
});
