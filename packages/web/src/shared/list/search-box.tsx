import { Input } from 'antd';
import { useEffect, useRef } from 'react';
import { useDraft } from './use-draft.ts';

export type TSearchBoxProps = {
  value: string;
  /**
   * `typing`: typing paused; `committed`: Enter, or leaving the box with text not searched yet. A
   * screen whose filters are history entries pushes one per typed search (see useListState).
   */
  onSearch: (value: string, how: 'typing' | 'committed') => void;
  /** Enter or leaving the box: the typed search is done (called after any onSearch). */
  onCommit?: () => void;
  label: string;
  placeholder?: string;
  testId?: string;
  /** Pause after the last key before searching. */
  delayMs?: number;
};

export const SEARCH_DELAY_MS = 400;

/** A search field that searches once typing pauses (or at once on Enter or on leaving it), kept in step with the URL. */
export function SearchBox({
  value,
  onSearch,
  onCommit,
  label,
  placeholder,
  testId,
  delayMs = SEARCH_DELAY_MS,
}: TSearchBoxProps) {
  const { draft: text, setDraft: setText, sent } = useDraft(value);
  // Screens pass a new callback on every render; the pending search must not restart for it.
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);

  const send = (next: string, how: 'typing' | 'committed') => {
    sent(next);
    latest.current(next, how);
  };

  useEffect(() => {
    if (text === value) return;
    const handle = setTimeout(() => {
      sent(text);
      latest.current(text, 'typing');
    }, delayMs);
    return () => clearTimeout(handle);
  }, [text, value, delayMs, sent]);

  return (
    <Input.Search
      allowClear
      value={text}
      placeholder={placeholder}
      aria-label={label}
      onChange={(event) => setText(event.target.value)}
      onSearch={(next) => {
        send(next, 'committed');
        onCommit?.();
      }}
      onBlur={() => {
        if (text !== value) send(text, 'committed');
        onCommit?.();
      }}
      style={{ flex: '1 1 240px', maxWidth: 360 }}
      data-testid={testId}
    />
  );
}
