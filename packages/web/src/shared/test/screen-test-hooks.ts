import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { sessionStore } from '../auth/session-store.ts';
import { i18n, initI18n } from '../i18n/i18n.ts';
import { installBrowserStubs } from '../list/list-test-support.tsx';

/**
 * Registers, inside a `describe`, what every screen or form test needs around it: English and
 * the browser stubs once; English again before each test (a test may switch); after each, an
 * empty document, the real fetch back and nobody signed in.
 */
export function screenTestHooks(): void {
  beforeAll(() => {
    initI18n('en');
    installBrowserStubs();
  });
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });
}
