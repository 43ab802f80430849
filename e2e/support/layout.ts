import type { Page } from 'playwright-core';

/**
 * Whether the page fits the window without a horizontal scroll bar. Screens re-lay themselves out
 * after a resize (breakpoints, measured grids) a few frames later, so this waits up to `timeout`
 * for the page to fit before it answers false.
 */
export async function fitsWidth(page: Page, timeout = 5000): Promise<boolean> {
  try {
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, {
      timeout,
      polling: 'raf',
    });
    return true;
  } catch {
    return false;
  }
}
