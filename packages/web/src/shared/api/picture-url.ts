/** Address of a stored picture (GET /api/picture/{hash}[/thumbnail]: public, cached for a year). */
export function pictureUrl(hash: string, size: 'full' | 'thumbnail' = 'thumbnail'): string {
  const path = `api/picture/${encodeURIComponent(hash)}`;
  return size === 'thumbnail' ? `${path}/thumbnail` : path;
}
