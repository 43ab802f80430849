import type { BrowserContext } from 'playwright-core';

type TProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type TProfile = { nodes: TProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Where a page's first load spent the browser's main thread, by function, heaviest first. */
export type TPageProfile = {
  busyMs: number;
  /** Self time by function. */
  top: { name: string; ms: number; share: number }[];
  /** Time in each React component's render and what it called (functions named with a capital). */
  components: { name: string; ms: number; share: number }[];
  /** Each stretch of 50 ms or more without a pause, when it began, and its busiest functions. */
  longStretches: { atMs: number; ms: number; top: string[] }[];
};

/** A pause this long between samples ends a stretch of work (a task, as near as samples tell). */
const PAUSE_MS = 2;

/**
 * Loads `url` in a fresh tab of `context` (cold HTTP cache: a new tab shares the context's cache,
 * so it is cleared first) with V8's sampling profiler on, until the network has been idle for a
 * second, and answers the self time of the busiest functions (`name file:line`).
 */
export async function profilePageLoad(context: BrowserContext, url: string, top = 15): Promise<TPageProfile> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: TProfile };
    return summarise(profile, top);
  } finally {
    await page.close();
  }
}

const nameOf = (frame: TProfileNode['callFrame']) => {
  const file = frame.url.split('/').pop() ?? '';
  return `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
};

function ranked(totals: Map<string, number>, busyMs: number, top: number) {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => ({ name, ms: Math.round(ms), share: Math.round((ms / busyMs) * 1000) / 10 }));
}

function summarise(profile: TProfile, top: number): TPageProfile {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map<string, number>();
  const components = new Map<string, number>();
  let busyMs = 0;
  let clock = 0;
  let idleFor = 0;
  let stretch: { atMs: number; ms: number; self: Map<string, number> } | undefined;
  const stretches: NonNullable<typeof stretch>[] = [];
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    clock += ms;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') {
      idleFor += ms;
      if (idleFor >= PAUSE_MS && stretch) stretch = undefined;
      return;
    }
    idleFor = 0;
    if (!stretch) {
      stretch = { atMs: clock, ms: 0, self: new Map() };
      stretches.push(stretch);
    }
    stretch.ms += ms;
    stretch.self.set(nameOf(frame), (stretch.self.get(nameOf(frame)) ?? 0) + ms);
    busyMs += ms;
    self.set(nameOf(frame), (self.get(nameOf(frame)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const caller = byId.get(at)!.callFrame;
      if (!/^[A-Z]/.test(caller.functionName)) continue;
      const name = nameOf(caller);
      if (seen.has(name)) continue;
      seen.add(name);
      components.set(name, (components.get(name) ?? 0) + ms);
    }
  });
  return {
    busyMs: Math.round(busyMs),
    top: ranked(self, busyMs, top),
    components: ranked(components, busyMs, top),
    longStretches: stretches
      .filter((item) => item.ms >= 50)
      .map((item) => ({
        atMs: Math.round(item.atMs),
        ms: Math.round(item.ms),
        top: ranked(item.self, item.ms, 6).map((entry) => `${entry.ms} ms ${entry.name}`),
      })),
  };
}
