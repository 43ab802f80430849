/** Where sign-in goes back to; only in-app paths, never another site or the auth area itself. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/auth')) return '/';
  return target;
}

/** The sign-in URL carrying the redirect flag back to `path`. */
export function loginPathFor(path: string): string {
  const target = safeRedirect(path);
  return target === '/' ? '/auth/login' : `/auth/login?redirect=${encodeURIComponent(target)}`;
}
