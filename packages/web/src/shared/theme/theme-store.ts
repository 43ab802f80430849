import { useSyncExternalStore } from 'react';

export const THEME_STORAGE_KEY = 'theme';
export type TThemeMode = 'light' | 'dark';

function initial(): TThemeMode {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // Fall back to the system preference below.
  }
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

let mode: TThemeMode = initial();
const listeners = new Set<() => void>();

/** Switches light/dark and remembers the choice. */
export function setThemeMode(next: TThemeMode): void {
  mode = next;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // The choice still applies to this visit.
  }
  for (const listener of listeners) listener();
}

export function useThemeMode(): TThemeMode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => mode,
  );
}
