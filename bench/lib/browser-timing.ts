import type { BrowserContext } from 'playwright-core';

/** The window of Lighthouse's desktop preset, so the gallery lays out the same columns. */
const DESKTOP = { width: 1350, height: 940 };

type TLongTask = { start: number; duration: number };

export type TGalleryScroll = {
  wheelSteps: number;
  wheelPixels: number;
  /** Long tasks (over 50 ms) while scrolling: how many and the longest. */
  longTasks: number;
  longestMs: number;
  /** The same while the library first loaded, before the scrolling. */
  loadLongTasks: number;
  loadLongestMs: number;
  /** The place in the list of the last card on screen when the scrolling ended (pages load as it goes). */
  lastCardShown: number;
  scrolledPx: number;
};

/** What the scripts injected into the page keep on its window. */
type TBenchWindow = Window & { benchLongTasks?: TLongTask[]; benchFindArrived?: number[] };

/**
 * Opens the library's gallery in a page of `context` (signed in), scrolls it `steps` wheel steps
 * of `pixels` each, 100 ms apart, and counts the long tasks a PerformanceObserver injected before
 * the page's own scripts saw during the load and during the scrolling.
 */
export async function scrollGallery(
  context: BrowserContext,
  baseUrl: string,
  steps: number,
  pixels: number,
): Promise<TGalleryScroll> {
  const page = await context.newPage();
  try {
    await page.setViewportSize(DESKTOP);
    await page.addInitScript(() => {
      (window as TBenchWindow).benchLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          (window as TBenchWindow).benchLongTasks!.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(`${baseUrl}/#/families`);
    await page.locator('[data-testid=family-card]').first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const mark = await page.evaluate(() => performance.now());
    await page.mouse.move(DESKTOP.width / 2, DESKTOP.height / 2);
    for (let step = 0; step < steps; step++) {
      await page.mouse.wheel(0, pixels);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(1000);
    const { tasks, scrolled } = await page.evaluate(() => ({
      tasks: (window as TBenchWindow).benchLongTasks ?? [],
      scrolled: window.scrollY,
    }));
    const lastCardShown = await page
      .locator('[data-testid=family-gallery] [role=listitem]')
      .last()
      .getAttribute('aria-posinset');
    const during = tasks.filter((task) => task.start >= mark);
    const before = tasks.filter((task) => task.start < mark);
    const longest = (list: TLongTask[]) => Math.round(Math.max(0, ...list.map((task) => task.duration)));
    return {
      wheelSteps: steps,
      wheelPixels: pixels,
      longTasks: during.length,
      longestMs: longest(during),
      loadLongTasks: before.length,
      loadLongestMs: longest(before),
      lastCardShown: Number(lastCardShown ?? 0),
      scrolledPx: Math.round(scrolled),
    };
  } finally {
    await page.close();
  }
}

export type TTablePaging = {
  /** Per page change: from the find's answer fully read to the next frame after the new rows. */
  changesMs: number[];
  medianMs: number;
  maxMs: number;
  /** From the click on "next page" to the rows painted, the server's time included. */
  clickToRowsMs: number[];
};

/**
 * Opens the library's table in a page of `context` (signed in) and turns `changes` pages with the
 * pager's "next" button, timing each from the moment the find's answer was read (fetch wrapped
 * before the page's scripts) to the frame after its first row changed.
 */
export async function pageTable(
  context: BrowserContext,
  baseUrl: string,
  changes: number,
): Promise<TTablePaging> {
  const page = await context.newPage();
  try {
    await page.setViewportSize(DESKTOP);
    await page.addInitScript(() => {
      (window as TBenchWindow).benchFindArrived = [];
      const original = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await original(input, init);
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('family/find'))
          void response
            .clone()
            .arrayBuffer()
            .then(() => (window as TBenchWindow).benchFindArrived!.push(performance.now()));
        return response;
      };
    });
    await page.goto(`${baseUrl}/#/families?view=table`);
    const firstRow = page.locator('[data-testid=family-table] tr[data-row-key]').first();
    await firstRow.waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const changesMs: number[] = [];
    const clickToRowsMs: number[] = [];
    for (let change = 0; change < changes; change++) {
      const before = await firstRow.getAttribute('data-row-key');
      // Watches for the first row to change and notes the frame after it (the rows painted).
      const painted = page.evaluate(
        (key) =>
          new Promise<{ clicked: number; painted: number; arrived: number }>((resolve) => {
            const clicked = performance.now();
            const started = (window as TBenchWindow).benchFindArrived!.length;
            const observer = new MutationObserver(() => {
              const row = document.querySelector('[data-testid=family-table] tr[data-row-key]');
              if (!row || row.getAttribute('data-row-key') === key) return;
              observer.disconnect();
              requestAnimationFrame(() =>
                setTimeout(() =>
                  resolve({
                    clicked,
                    painted: performance.now(),
                    arrived: (window as TBenchWindow).benchFindArrived!.slice(started).at(-1) ?? Number.NaN,
                  }),
                ),
              );
            });
            observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          }),
        before,
      );
      await page.locator('.ant-pagination-next:not(.ant-pagination-disabled)').first().click();
      const timing = await painted;
      changesMs.push(Math.round(timing.painted - timing.arrived));
      clickToRowsMs.push(Math.round(timing.painted - timing.clicked));
      await page.waitForLoadState('networkidle');
    }
    const sorted = [...changesMs].sort((a, b) => a - b);
    return {
      changesMs,
      medianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN,
      maxMs: sorted.at(-1) ?? Number.NaN,
      clickToRowsMs,
    };
  } finally {
    await page.close();
  }
}
