import { Form, Input, Switch } from 'antd';
import type { z } from 'zod';
import { lengthBoundsOf, maxLengthText } from './text-length.ts';

type THeaderText = {
  /** The input's id, label target and test id. */
  id: string;
  label: string;
  value: string;
  /** The field's contract schema: its maximum length bounds the input and feeds the counter. */
  schema: z.core.$ZodType;
  readOnly: boolean;
  onChange: (value: string) => void;
  /** Marked required (while the person may edit). */
  required?: boolean;
  /** What is wrong with the value, shown under it. */
  error?: string;
  /** The flex of the field in its row: a code is narrower than a description. */
  grow?: 'code' | 'text';
};

/**
 * A text field of a record editor's header card (a list's code or description). It stops at the
 * schema's maximum with a counter, and says "Maximum field length: N" once the value reaches it.
 */
export function HeaderText({
  id,
  label,
  value,
  schema,
  readOnly,
  onChange,
  required,
  error,
  grow,
}: THeaderText) {
  const { max } = lengthBoundsOf(schema);
  const atLimit = !readOnly && max !== undefined && value.length >= max;
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error ?? (atLimit ? maxLengthText(max) : undefined)}
      style={{ flex: grow === 'text' ? '3 1 280px' : '1 1 200px', marginBottom: 8 }}
    >
      <Input
        id={id}
        data-testid={id}
        value={value}
        maxLength={max}
        showCount={!readOnly && max !== undefined}
        readOnly={readOnly}
        onChange={(event) => onChange(event.target.value)}
      />
    </Form.Item>
  );
}

type THeaderSwitch = {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
};

/** An on/off field of a record editor's header card (active, part list, default list). */
export function HeaderSwitch({ id, label, checked, disabled, onChange }: THeaderSwitch) {
  return (
    <Form.Item label={label} htmlFor={id} style={{ marginBottom: 8 }}>
      <Switch id={id} data-testid={id} checked={checked} disabled={disabled} onChange={onChange} />
    </Form.Item>
  );
}
