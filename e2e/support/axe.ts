import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { settled } from './layout.ts';

type TViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
};

/** Impacts that fail a screen: issue 8 holds every screen to no serious or critical violation. */
const FAILING = new Set(['serious', 'critical']);

/** Rules axe leaves off unless asked; `target-size`: tap targets of at least 24 px (WCAG 2.2, 2.5.8). */
export type TAxeOptions = { targetSize?: boolean };

/**
 * Runs axe-core in the page over the whole document or inside `scope` (a selector), and answers
 * one line per serious or critical violation and element, empty when it passes. axe is evaluated
 * over the DevTools protocol, so the portal's CSP does not stand in its way.
 */
export async function seriousViolations(
  page: Page,
  scope?: string,
  options: TAxeOptions = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // Animations (drawer and modal entrances, toasts) would be measured half-faded, and so would a
  // table fetching again: its rows are dimmed under `aria-busy` (or antd's spinner blur) until the
  // answer arrives. A part that stays busy (a chart that never loads) is measured as it is.
  await page
    .waitForFunction(
      (within) => {
        const root = within ? document.querySelector(within) : document.body;
        if (!root) return true;
        return (
          root.closest('[aria-busy=true]') === null &&
          root.querySelector('[aria-busy=true], .ant-spin-blur') === null
        );
      },
      scope,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  await settled(page);
  const violations = await page.evaluate(
    async ({ within, targetSize }) => {
      const result = await (window as unknown as { axe: typeof axe }).axe.run(within ?? document, {
        resultTypes: ['violations'],
        rules: { 'target-size': { enabled: targetSize } },
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html.slice(0, 160) })),
      }));
    },
    { within: scope, targetSize: options.targetSize === true },
  );
  return (violations as TViolation[])
    .filter((v) => v.impact !== null && FAILING.has(v.impact))
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${n.target.join(' ')} ${n.html}`));
}
