import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { i18n, initI18n } from '../i18n/i18n.ts';

/** jsdom lacks matchMedia (antd's breakpoints; `matches: false` everywhere) and ResizeObserver. */
export function installBrowserStubs(): void {
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

/** Shows the current query string, so a test reads the URL state the screen wrote. */
export function LocationProbe() {
  return <output data-testid="location">{useLocation().search}</output>;
}

/** Renders a list screen inside a router at `url`, in English, with antd's App context. */
export function renderAt(node: ReactNode, url = '/list') {
  initI18n('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <App>
        <MemoryRouter initialEntries={[url]}>
          {node}
          <LocationProbe />
        </MemoryRouter>
      </App>
    </I18nextProvider>,
  );
}
