import type { ReactNode } from 'react';
import { initI18n } from '../i18n/i18n.ts';
import { renderWithProviders } from '../test/render-with-providers.tsx';

/** jsdom lacks matchMedia (antd's breakpoints; a narrow window, see stubWindowWidth) and ResizeObserver. */
export function installBrowserStubs(): void {
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
  stubWindowWidth(false);
}

/** Answers antd's breakpoint queries: a narrow window matches no `min-width` query, a wide one every one. */
export function stubWindowWidth(wide: boolean): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: wide && query.includes('min-width'),
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

/** Renders a list screen inside a router at `url`, in English, with the query client and antd's App context. */
export function renderAt(node: ReactNode, url = '/list') {
  initI18n('en');
  return renderWithProviders(node, { url });
}
