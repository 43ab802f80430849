import type { TEnvKey } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Input, Select } from 'antd';
import type { CSSProperties } from 'react';
import { envValue } from '../api/environment.ts';
import { fetchGenericList } from '../api/generic-list.ts';

/** One item of a code list: its code and what it means. */
export type TCodeItem = { code: string; description: string };

/**
 * The items of the generic list that /info/env names under `envKey` (constructionMaterialsListCode,
 * servicesListCode, materialsListCode, ...); empty when the environment names none, the list is
 * missing or it has no items, which is when the server takes any text for the code too.
 */
export async function fetchCodeItems(envKey: TEnvKey): Promise<TCodeItem[]> {
  const code = envValue(envKey);
  if (!code) return [];
  const result = await fetchGenericList(code);
  if ('error' in result) return [];
  return (result.listInfos[0]?.listItems ?? []).map((item) => ({
    code: item.itemCode,
    description: item.itemDescription,
  }));
}

export function useCodeItems(envKey: TEnvKey) {
  return useQuery({
    // Its own key: other screens keep the same lists under ['generic-list', code] in other shapes.
    queryKey: ['generic-list', 'codes', envKey, envValue(envKey) ?? null],
    queryFn: () => fetchCodeItems(envKey),
    staleTime: 5 * 60_000,
    // fetchGenericList already tried four times, 3 s apart.
    retry: false,
  });
}

/** An item as an option: its description first, the code the API stores beside it. */
export function codeLabel(item: TCodeItem): string {
  return item.description && item.description !== item.code
    ? `${item.description} (${item.code})`
    : item.code;
}

/** The description of `code` in `items`, or the code itself when the list does not hold it. */
export function describeCode(items: readonly TCodeItem[] | undefined, code: string | null): string {
  if (!code) return '';
  const item = items?.find((entry) => entry.code.toLowerCase() === code.toLowerCase());
  return item ? codeLabel(item) : code;
}

export type TCodeSelectProps = {
  /** The /info/env key naming the generic list the code comes from. */
  envKey: TEnvKey;
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  placeholder?: string;
  testId: string;
  style?: CSSProperties;
  /** The accessible name where no label points at `id` (a filter). */
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
};

/**
 * A code chosen from a generic list, each item shown with its description and searched by both;
 * free text when the list is missing or empty (the server then takes any text). A stored code the
 * list no longer holds stays shown as it is.
 */
export function CodeSelect({
  envKey,
  id,
  value,
  onChange,
  placeholder,
  testId,
  style,
  ...aria
}: TCodeSelectProps) {
  const items = useCodeItems(envKey);
  const list = items.data ?? [];
  if (!items.isPending && list.length === 0)
    return (
      <Input
        {...aria}
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange?.(event.target.value === '' ? null : event.target.value)}
        placeholder={placeholder}
        allowClear
        autoComplete="off"
        style={style}
        data-testid={testId}
        data-free-text="true"
      />
    );
  const options = list.map((item) => ({ value: item.code, label: codeLabel(item) }));
  if (value && !list.some((item) => item.code === value)) options.unshift({ value, label: value });
  return (
    <Select<string>
      {...aria}
      id={id}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      loading={items.isPending}
      placeholder={placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      style={style}
      data-testid={testId}
    />
  );
}
