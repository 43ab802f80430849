import { type Breakpoint, theme } from 'antd';
import { useMemo, useSyncExternalStore } from 'react';

/** One media query list per width, shared by every component that asks (made again if `matchMedia` is replaced, as tests do). */
const queries = new Map<number, MediaQueryList>();
/** The `matchMedia` the lists were made with, compared only by identity. */
let queriesOf: unknown;

function queryOf(minWidth: number): MediaQueryList | undefined {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
  // Only compared: a test that stubs matchMedia gets lists of its own.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const matchMedia: unknown = window.matchMedia;
  if (queriesOf !== matchMedia) {
    queries.clear();
    queriesOf = matchMedia;
  }
  let query = queries.get(minWidth);
  if (!query) {
    query = window.matchMedia(`(min-width: ${minWidth}px)`);
    queries.set(minWidth, query);
  }
  return query;
}

/**
 * Which of `widths` the window reaches, as text ('1' reached, '0' not, in their order), so an
 * unchanged answer is the same snapshot; subscribed once per set of widths, not on every render.
 */
function useWidthsReached(widths: readonly number[]): string {
  const key = widths.join(',');
  const { subscribe, snapshot } = useMemo(() => {
    const sizes = key.split(',').map(Number);
    return {
      subscribe: (listener: () => void) => {
        const lists = sizes.map(queryOf);
        for (const list of lists) list?.addEventListener('change', listener);
        return () => {
          for (const list of lists) list?.removeEventListener('change', listener);
        };
      },
      snapshot: () => sizes.map((size) => ((queryOf(size)?.matches ?? true) ? '1' : '0')).join(''),
    };
  }, [key]);
  return useSyncExternalStore(subscribe, snapshot);
}

/**
 * Whether the window is at least `minWidth` pixels wide (antd's breakpoints are its tokens
 * `screenSM`, `screenMD`, …), following the window as it is resized.
 *
 * Unlike antd's `Grid.useBreakpoint()`, which answers nothing on the first render and then renders
 * its component again from a layout effect (the whole subtree below it, synchronously, inside the
 * first load's long task), this answers right from the first render and renders again only when
 * the answer changes. Without `matchMedia` (a test's DOM) the window counts as wide.
 */
export function useMinWidth(minWidth: number): boolean {
  return useWidthsReached([minWidth]) === '1';
}

/** antd's breakpoints from the narrowest; `xs` is every width below `sm`. */
const BREAKPOINTS: readonly Breakpoint[] = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'];

/**
 * Which of antd's breakpoints the window reaches, as `Grid.useBreakpoint()` answers them (`xs`
 * only below `sm`, the others from their width up), for every component that lays itself out by
 * width. Answered from the first render, and rendered again only when one of them changes: antd's
 * hook answers nothing first and renders its component a second time on every screen's first load.
 */
export function useScreens(): Partial<Record<Breakpoint, boolean>> {
  const { token } = theme.useToken();
  const reached = useWidthsReached([
    token.screenSM,
    token.screenMD,
    token.screenLG,
    token.screenXL,
    token.screenXXL,
  ]);
  return useMemo(
    () =>
      Object.fromEntries(
        BREAKPOINTS.map((breakpoint, i) => [
          breakpoint,
          i === 0 ? reached[0] === '0' : reached[i - 1] === '1',
        ]),
      ),
    [reached],
  );
}
