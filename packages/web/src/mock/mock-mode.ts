/**
 * Whether this page runs against the mock backend: a dev server or build started with
 * `MOCK_BACKEND=1` (Vite passes MOCK_BACKEND* through, vite.config.ts `envPrefix`), or `?mock=1`
 * in the address of any build (before the `#`). The address switch is not remembered, so the
 * mode is always visible where the person looks: the address bar and the mock banner.
 * Kept tiny: it is the only mock code in the entry chunk; the rest is loaded when enabled.
 */
export function mockModeRequested(
  search: string = window.location.search,
  buildFlag: unknown = import.meta.env.MOCK_BACKEND,
): boolean {
  const asked = new URLSearchParams(search).get('mock');
  if (asked !== null) return asked === '1' || asked === 'true';
  return buildFlag === '1' || buildFlag === 'true';
}
