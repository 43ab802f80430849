import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { settled } from './layout.ts';

export type TShotOptions = {
  /** Where the pictures go: `<tmp>/portal-e2e/<area>` unless named; undefined (an unset variable) takes none. */
  dir?: string | undefined;
  /** Also the window as a person sees it (e.g. a save bar that stays at its foot), as `<name>-window.png`. */
  window?: boolean;
};

/**
 * The screenshot function of one area: `shot(page, name)` writes `<name>.png` of the whole page
 * once it has settled. Pictures are looked at by people, not compared: the tests assert on the DOM.
 */
export function shotsOf(
  area: string,
  options: TShotOptions = {},
): (page: Page, name: string) => Promise<void> {
  const dir = 'dir' in options ? options.dir : path.join(tmpdir(), 'portal-e2e', area);
  return async (page, name) => {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    await settled(page);
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
    if (options.window) await page.screenshot({ path: path.join(dir, `${name}-window.png`) });
  };
}
