import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

type TFakeQuery = { matches: boolean; media: string; listeners: Set<() => void> };

/** A matchMedia whose answers the test sets, per query text. */
function fakeMatchMedia(width: number) {
  const queries = new Map<string, TFakeQuery>();
  const matchMedia = vi.fn((media: string) => {
    const minWidth = Number(/min-width: (\d+)px/.exec(media)?.[1]);
    const query: TFakeQuery = { matches: width >= minWidth, media, listeners: new Set() };
    queries.set(media, query);
    return {
      get matches() {
        return query.matches;
      },
      media,
      addEventListener: (_: string, listener: () => void) => query.listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => query.listeners.delete(listener),
    };
  });
  const resize = (next: number) => {
    for (const query of queries.values()) {
      const minWidth = Number(/min-width: (\d+)px/.exec(query.media)?.[1]);
      query.matches = next >= minWidth;
      for (const listener of query.listeners) listener();
    }
  };
  return { matchMedia, resize };
}

async function freshHook() {
  vi.resetModules();
  return (await import('./use-min-width.ts')).useMinWidth;
}

describe('useMinWidth', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('answers on the first render and follows the window, rendering only on a change', async () => {
    const media = fakeMatchMedia(1200);
    vi.stubGlobal('matchMedia', media.matchMedia);
    const useMinWidth = await freshHook();
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useMinWidth(768);
    });
    expect(result.current).toBe(true);
    expect(renders).toBe(1);

    act(() => media.resize(1000));
    expect(renders).toBe(1);
    act(() => media.resize(500));
    expect(result.current).toBe(false);
    expect(renders).toBe(2);
    expect(media.matchMedia).toHaveBeenCalledTimes(1);
  });

  it('counts the window as wide without matchMedia', async () => {
    vi.stubGlobal('matchMedia', undefined);
    const useMinWidth = await freshHook();
    const { result } = renderHook(() => useMinWidth(768));
    expect(result.current).toBe(true);
  });
});

describe('useScreens', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("answers antd's breakpoints on the first render, xs only below sm, and renders again only when one changes", async () => {
    const media = fakeMatchMedia(1000);
    vi.stubGlobal('matchMedia', media.matchMedia);
    vi.resetModules();
    const { useScreens } = await import('./use-min-width.ts');
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useScreens();
    });
    expect(result.current).toEqual({ xs: false, sm: true, md: true, lg: true, xl: false, xxl: false });
    expect(renders).toBe(1);

    act(() => media.resize(1100));
    expect(renders).toBe(1);
    act(() => media.resize(400));
    expect(result.current).toEqual({ xs: true, sm: false, md: false, lg: false, xl: false, xxl: false });
    expect(renders).toBe(2);
  });
});
