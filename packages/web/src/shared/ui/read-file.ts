/** Largest picture the server takes (CONTRACT 5: files travel base64 in JSON). */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/** Reads a chosen file as plain base64 (no data: prefix). */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const { result } = reader;
      resolve(typeof result === 'string' ? result.replace(/^data:[^,]*,/, '') : '');
    };
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The picture types the server takes (CONTRACT 5: notAPicture names PNG, JPEG, GIF and WebP). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
const PICTURE_NAME = /\.(png|jpe?g|gif|webp)$/i;

/** True when the file's type or name says picture; a renamed document still fails `decodesAsPicture`. */
export function looksLikePicture(file: { type: string; name: string }): boolean {
  return (
    (PICTURE_TYPES as readonly string[]).includes(file.type) ||
    (file.type === '' && PICTURE_NAME.test(file.name))
  );
}

/** True when the browser can decode the file as an image. */
export async function decodesAsPicture(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}
