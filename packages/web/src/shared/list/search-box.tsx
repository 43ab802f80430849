import { Input } from 'antd';
import { useEffect, useRef, useState } from 'react';

export type TSearchBoxProps = {
  value: string;
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  testId?: string;
  /** Pause after the last key before searching. */
  delayMs?: number;
};

export const SEARCH_DELAY_MS = 400;

/** A search field that searches once typing pauses (or at once on Enter), kept in step with the URL. */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
  testId,
  delayMs = SEARCH_DELAY_MS,
}: TSearchBoxProps) {
  const [text, setText] = useState(value);
  // Screens pass a new callback on every render; the pending search must not restart for it.
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  }, [onSearch]);

  // Back, forward or "clear the filters" change the URL: show what it says.
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text === value) return;
    const handle = setTimeout(() => latest.current(text), delayMs);
    return () => clearTimeout(handle);
  }, [text, value, delayMs]);

  return (
    <Input.Search
      allowClear
      value={text}
      placeholder={placeholder}
      aria-label={label}
      onChange={(event) => setText(event.target.value)}
      onSearch={(next) => onSearch(next)}
      style={{ flex: '1 1 240px', maxWidth: 360 }}
      data-testid={testId}
    />
  );
}
