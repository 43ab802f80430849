import { MAX_DIMENSION, type TEnvKey } from '@portal/contract';
import { Input, InputNumber } from 'antd';
import { useDraft } from '../list/use-draft.ts';
import { CodeSelect, useCodeItems } from './code-select.tsx';

/** A size typed into a filter as the find takes it: a number from 0 to MAX_DIMENSION, else none. */
export function sizeOf(text: string | undefined): number | undefined {
  if (!text?.trim()) return undefined;
  const size = Number(text);
  return Number.isFinite(size) && size >= 0 && size <= MAX_DIMENSION ? size : undefined;
}

const sizeDraft = (value: string): number | null => sizeOf(value) ?? null;

/** A size filter of a list toolbar (mm): applied when the field is left or Enter is pressed. */
export function SizeFilter({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const { draft: typed, setDraft: setTyped, sent } = useDraft(value, sizeDraft);
  const apply = () => {
    const next = typed === null ? '' : String(typed);
    if (next === value) return;
    sent(next);
    onChange(next);
  };
  return (
    <InputNumber<number>
      aria-label={label}
      placeholder={label}
      value={typed}
      min={0}
      max={MAX_DIMENSION}
      onChange={(next) => setTyped(next)}
      onBlur={apply}
      onPressEnter={apply}
      suffix="mm"
      style={{ width: 170 }}
      data-testid={testId}
    />
  );
}

/** A free-text code filter of a list toolbar (a fire rating, a closure device): applied on Enter or leaving it. */
export function TextFilter({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const { draft: typed, setDraft: setTyped, sent } = useDraft(value);
  const apply = () => {
    const next = typed.trim();
    if (next === value) return;
    sent(next);
    onChange(next);
  };
  return (
    <Input
      aria-label={label}
      placeholder={label}
      value={typed}
      onChange={(event) => {
        setTyped(event.target.value);
        // The clear button empties the field at once.
        if (event.type === 'click' && value) {
          sent('');
          onChange('');
        }
      }}
      onBlur={apply}
      onPressEnter={apply}
      allowClear
      style={{ width: 160 }}
      data-testid={testId}
    />
  );
}

/** A code filter of a list toolbar, chosen from the generic list `envKey` names (else typed). */
export function CodeFilter({
  envKey,
  label,
  value,
  onChange,
  testId,
}: {
  envKey: TEnvKey;
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  const items = useCodeItems(envKey);
  if (!items.isPending && !items.data?.length)
    return <TextFilter label={label} value={value} onChange={onChange} testId={testId} />;
  return (
    <CodeSelect
      envKey={envKey}
      aria-label={label}
      placeholder={label}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      style={{ minWidth: 170, maxWidth: 260 }}
      testId={testId}
    />
  );
}
