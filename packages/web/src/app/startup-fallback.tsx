import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../shared/theme/theme-store.ts';

/** What the status says when no translation is at hand yet (i18n not initialised). */
const LOADING_FALLBACK = 'Loading…';

/**
 * Shown while the first screen's guard and code load: antd's large spinner drawn in plain CSS
 * (global.css, `.portal-startup`). antd's own Spin would build antd's run-time styles (theme tokens
 * and the spinner's) before the layout loads, 150 to 300 ms of the first load's main thread
 * (issue 27). Plain CSS reads none of antd's tokens, so it takes light or dark from the theme store.
 */
export function StartupFallback() {
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  const dark = useThemeMode() === 'dark';
  const label = (ready && t('list.loading')) || LOADING_FALLBACK;
  return (
    <div
      className={dark ? 'portal-startup portal-startup-dark' : 'portal-startup'}
      role="status"
      data-testid="startup-fallback"
    >
      <span className="portal-startup-dots" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
      <span className="sr-only">{label}</span>
    </div>
  );
}
