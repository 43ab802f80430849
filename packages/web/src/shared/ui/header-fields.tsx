import { Form, Input, Switch } from 'antd';

type THeaderText = {
  /** The input's id, label target and test id. */
  id: string;
  label: string;
  value: string;
  maxLength: number;
  readOnly: boolean;
  onChange: (value: string) => void;
  /** Marked required (while the person may edit). */
  required?: boolean;
  /** What is wrong with the value, shown under it. */
  error?: string;
  /** The flex of the field in its row: a code is narrower than a description. */
  grow?: 'code' | 'text';
};

/** A text field of a record editor's header card (a list's code or description). */
export function HeaderText({
  id,
  label,
  value,
  maxLength,
  readOnly,
  onChange,
  required,
  error,
  grow,
}: THeaderText) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={error ? 'error' : undefined}
      help={error}
      style={{ flex: grow === 'text' ? '3 1 280px' : '1 1 200px', marginBottom: 8 }}
    >
      <Input
        id={id}
        data-testid={id}
        value={value}
        maxLength={maxLength}
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
