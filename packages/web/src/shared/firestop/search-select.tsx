import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';

/** Pause after the last key before the picker asks the server. */
const SEARCH_DELAY_MS = 300;

/** A record a picker offers: its id and a name to show. */
export type TSearchOption = { value: number; label: string };

export type TSearchSelectProps = {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Asks the server for the records matching the typed text (the first page). */
  search: (text: string, signal: AbortSignal) => Promise<TSearchOption[]>;
  /** The query key the answers are kept under, before the typed text. */
  queryKey: readonly unknown[];
  /** The record's current choice, nameable even when the first page lacks it. */
  current?: TSearchOption | null;
  placeholder?: string;
  /** Said in the menu when the search failed. */
  failedText: string;
  testId: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
};

/** Picks one record (a family, a parameter list, a scenario), searched on the server as the person types. */
export function SearchSelect({
  id,
  value,
  onChange,
  search,
  queryKey,
  current,
  placeholder,
  failedText,
  testId,
  ...aria
}: TSearchSelectProps) {
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  const found = useQuery({
    queryKey: [...queryKey, 'search', text.trim()],
    queryFn: ({ signal }) => search(text.trim(), signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    const handle = setTimeout(() => setText(typed), SEARCH_DELAY_MS);
    return () => clearTimeout(handle);
  }, [typed]);

  const options = useMemo(() => {
    const list = [...(found.data ?? [])];
    if (current && !list.some((option) => option.value === current.value)) list.unshift(current);
    return list;
  }, [found.data, current]);

  return (
    <Select<number>
      {...aria}
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={found.isFetching}
      options={options}
      placeholder={placeholder}
      notFoundContent={
        found.isError ? <Typography.Text type="danger">{failedText}</Typography.Text> : undefined
      }
      data-testid={testId}
    />
  );
}
