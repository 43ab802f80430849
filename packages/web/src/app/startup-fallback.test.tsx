import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../shared/i18n/i18n.ts';
import { localeFiles } from '../shared/i18n/locale-files.ts';
import { setThemeMode } from '../shared/theme/theme-store.ts';
import { StartupFallback } from './startup-fallback.tsx';

describe('the start-up spinner', () => {
  afterEach(() => {
    cleanup();
    setThemeMode('light');
  });

  it('is a status with the translated loading text, drawn without antd', async () => {
    initI18n('en');
    const { container, rerender } = render(
      <I18nextProvider i18n={i18n}>
        <StartupFallback />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading…');
    expect(container.querySelector('[class*=ant-]')).toBeNull();
    expect(container.querySelectorAll('.portal-startup-dots > i')).toHaveLength(4);

    i18n.addResourceBundle('de', 'translation', localeFiles.de, true, false);
    await i18n.changeLanguage('de');
    rerender(
      <I18nextProvider i18n={i18n}>
        <StartupFallback />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Wird geladen…');
    await i18n.changeLanguage('en');
  });

  it('still says it is loading before i18n is initialised', () => {
    render(
      <I18nextProvider i18n={i18next.createInstance()}>
        <StartupFallback />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading…');
  });

  it('follows the dark theme', () => {
    setThemeMode('dark');
    render(<StartupFallback />);
    expect(screen.getByRole('status').classList.contains('portal-startup-dark')).toBe(true);
  });
});
