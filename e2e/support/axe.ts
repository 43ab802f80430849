import axe from 'axe-core';
import type { Page } from 'playwright-core';

type TViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
};

/** Impacts that fail a screen: issue 8 holds every screen to no serious or critical violation. */
const FAILING = new Set(['serious', 'critical']);

/**
 * Runs axe-core in the page (injected as a script; the page's context must bypass the CSP) and
 * answers one line per serious or critical violation and element, empty when the screen passes.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  // Animations (drawer and modal entrances, toasts) would be measured half-faded.
  await page.waitForTimeout(450);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html.slice(0, 160) })),
    }));
  });
  return (violations as TViolation[])
    .filter((v) => v.impact !== null && FAILING.has(v.impact))
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${n.target.join(' ')} ${n.html}`));
}
