import { describe, expect, it } from 'vitest';
import { looksLikePicture, readFileAsBase64 } from './read-file.ts';

describe('readFileAsBase64', () => {
  it('answers the content as plain base64 without the data URL prefix', async () => {
    const file = new Blob([new Uint8Array([137, 80, 78, 71, 0, 255])], { type: 'image/png' });
    const base64 = await readFileAsBase64(file);
    expect(base64).toBe('iVBORwD/');
  });
});

describe('looksLikePicture', () => {
  it('takes the four picture types, and a typeless file by its name', () => {
    expect(looksLikePicture({ type: 'image/png', name: 'a.bin' })).toBe(true);
    expect(looksLikePicture({ type: '', name: 'photo.JPEG' })).toBe(true);
    expect(looksLikePicture({ type: 'application/pdf', name: 'cv.pdf' })).toBe(false);
    expect(looksLikePicture({ type: 'text/plain', name: 'notes.png' })).toBe(false);
    expect(looksLikePicture({ type: 'image/tiff', name: 'scan.tiff' })).toBe(false);
  });
});
