import { describe, expect, it } from 'vitest';
import { readFileAsBase64 } from './read-file.ts';

describe('readFileAsBase64', () => {
  it('answers the content as plain base64 without the data URL prefix', async () => {
    const file = new Blob([new Uint8Array([137, 80, 78, 71, 0, 255])], { type: 'image/png' });
    const base64 = await readFileAsBase64(file);
    expect(base64).toBe('iVBORwD/');
  });
});
