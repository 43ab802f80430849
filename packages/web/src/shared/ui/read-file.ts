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
