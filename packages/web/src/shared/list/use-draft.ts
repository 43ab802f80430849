import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * What a toolbar field shows while it is typed in, kept apart from the value it applies (in the URL).
 *
 * The router shows a navigation as a transition, after the keys typed meanwhile: the value coming
 * back with what this field sent must not undo them. Any other new value (back, forward, "clear the
 * filters") replaces what the field shows. Call `sent` with each value the field applies.
 */
export function useDraft<TValue, TDraft = TValue>(
  value: TValue,
  toDraft: (value: TValue) => TDraft = (same) => same as unknown as TDraft,
) {
  const [draft, setDraft] = useState(() => toDraft(value));
  const last = useRef<{ value: TValue } | null>(null);
  const convert = useRef(toDraft);
  convert.current = toDraft;

  useEffect(() => {
    const echo = last.current !== null && Object.is(last.current.value, value);
    last.current = null;
    if (!echo) setDraft(convert.current(value));
  }, [value]);

  const sent = useCallback((next: TValue) => {
    last.current = { value: next };
  }, []);
  return { draft, setDraft, sent };
}
