import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastStore } from './toast-store.ts';

describe('ToastStore', () => {
  let store: ToastStore;
  beforeEach(() => {
    vi.useFakeTimers();
    store = new ToastStore();
  });
  afterEach(() => vi.useRealTimers());

  const ids = () => store.getSnapshot().map((t) => t.id);
  const phase = (id: number) => store.getSnapshot().find((t) => t.id === id)?.phase;

  it('puts the newest toast on top', () => {
    const a = store.show('first');
    const b = store.show('second');
    expect(ids()).toEqual([b, a]);
  });

  it('enters for 400 ms, then idles without transition', () => {
    const id = store.show('hello');
    expect(phase(id)).toBe('entering');
    vi.advanceTimersByTime(399);
    expect(phase(id)).toBe('entering');
    vi.advanceTimersByTime(1);
    expect(phase(id)).toBe('idle');
  });

  it('auto-closes a default toast after 2000 ms and removes it 400 ms later', () => {
    const id = store.show('saved', { type: 'success' });
    vi.advanceTimersByTime(1999);
    expect(phase(id)).toBe('idle');
    vi.advanceTimersByTime(1);
    expect(phase(id)).toBe('exiting');
    vi.advanceTimersByTime(399);
    expect(ids()).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('keeps errors and warnings for 5000 ms', () => {
    const error = store.show('boom', { type: 'error' });
    const warning = store.show('careful', { type: 'warning' });
    const info = store.show('fyi', { type: 'info' });
    vi.advanceTimersByTime(2000);
    expect(phase(info)).toBe('exiting');
    vi.advanceTimersByTime(2999);
    expect(phase(error)).toBe('idle');
    expect(phase(warning)).toBe('idle');
    vi.advanceTimersByTime(1);
    expect(phase(error)).toBe('exiting');
    expect(phase(warning)).toBe('exiting');
  });

  it('honours an explicit autoClose', () => {
    const id = store.show('quick', { autoClose: 500 });
    vi.advanceTimersByTime(500);
    expect(phase(id)).toBe('exiting');
  });

  it('stays while hovered and resumes with the time that was left', () => {
    const id = store.show('hover me');
    vi.advanceTimersByTime(1500);
    store.setHovered(id, true);
    vi.advanceTimersByTime(10_000);
    expect(phase(id)).toBe('idle');
    store.setHovered(id, false);
    vi.advanceTimersByTime(499);
    expect(phase(id)).toBe('idle');
    vi.advanceTimersByTime(1);
    expect(phase(id)).toBe('exiting');
  });

  it('pauses every timer while the tab is hidden', () => {
    const id = store.show('background', { type: 'error' });
    vi.advanceTimersByTime(1000);
    store.setHidden(true);
    vi.advanceTimersByTime(60_000);
    expect(phase(id)).toBe('idle');
    store.setHidden(false);
    vi.advanceTimersByTime(3999);
    expect(phase(id)).toBe('idle');
    vi.advanceTimersByTime(1);
    expect(phase(id)).toBe('exiting');
  });

  it('does not start a timer for a toast shown while hidden until the tab is visible', () => {
    store.setHidden(true);
    const id = store.show('queued');
    vi.advanceTimersByTime(10_000);
    expect(phase(id)).toBe('idle');
    store.setHidden(false);
    vi.advanceTimersByTime(2000);
    expect(phase(id)).toBe('exiting');
  });

  it('removes a dismissed toast 400 ms after dismissal and ignores a second dismissal', () => {
    const id = store.show('bye');
    vi.advanceTimersByTime(100);
    store.dismiss(id);
    expect(phase(id)).toBe('exiting');
    vi.advanceTimersByTime(300);
    store.dismiss(id);
    vi.advanceTimersByTime(100);
    expect(ids()).toEqual([]);
  });

  it('notifies subscribers on every change', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show('one');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.show('two');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
