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

/**
 * Waits until nothing on the page moves: drawers, pop-ups, tooltips and toasts slide or fade in
 * (antd ignores reduced motion), so a screenshot, an axe run or a measured box waits for their
 * animations to end. Endless ones (spinners) do not count; answers false when something still
 * moves after `timeout`.
 */
export async function settled(page: Page, timeout = 5000): Promise<boolean> {
  try {
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      undefined,
      { timeout, polling: 'raf' },
    );
    return true;
  } catch {
    return false;
  }
}

/** Waits for the page to draw two frames: what a click or a key started has run and is shown. */
export async function rendered(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}
