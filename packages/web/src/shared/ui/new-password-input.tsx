import { CopyOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { generatePassword } from '@portal/contract';
import type { FormRule } from 'antd';
import { Button, Form, Input, Space, Tooltip } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../toast/toast-store.ts';
import { strongPasswordRule } from './password-rules.ts';
import { passwordVisibilityIcon } from './password-visibility.tsx';
import { requiredRule } from './required-rule.ts';

export type TNewPasswordInputProps = {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  autoComplete?: string;
  'aria-label'?: string;
  /** Set by Form.Item: its error's id while it shows one. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  /** A line under the field (the password rule), linked to it with `aria-describedby`. */
  hint?: string;
};

/**
 * A new-password field with the generator of spec 5 beside it: a generated password is shown
 * in clear so it can be noted, and can be copied.
 */
export function NewPasswordInput({
  id,
  value,
  onChange,
  autoComplete = 'new-password',
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  'aria-required': required,
  hint,
}: TNewPasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const hintId = `${useId()}-hint`;
  const described = [describedBy, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;

  const generate = () => {
    onChange?.(generatePassword());
    setVisible(true);
  };

  const copy = async () => {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t('password.copied'));
    } catch {
      toast.warning(t('password.copyFailed'));
    }
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input.Password
          id={id}
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          autoComplete={autoComplete}
          aria-label={ariaLabel}
          aria-describedby={described}
          aria-invalid={invalid}
          aria-required={required}
          visibilityToggle={{ visible, onVisibleChange: setVisible }}
          iconRender={passwordVisibilityIcon(t)}
          data-testid="new-password"
        />
        <Tooltip title={t('password.generate')}>
          <Button icon={<ThunderboltOutlined />} onClick={generate} aria-label={t('password.generate')} />
        </Tooltip>
        <Tooltip title={t('password.copy')}>
          <Button
            icon={<CopyOutlined />}
            onClick={() => void copy()}
            disabled={!value}
            aria-label={t('password.copy')}
          />
        </Tooltip>
      </Space.Compact>
      {hint ? (
        <div id={hintId} className="portal-field-hint">
          {hint}
        </div>
      ) : null}
    </>
  );
}

/**
 * A form's field for choosing a password: required and as strong as the contract asks, with the
 * rule shown below and the generator beside it. `rules` adds the screen's own checks.
 *
 * The rule is the input's own hint, not the item's `extra`: antd measures an extra's height in a
 * layout effect, which forces a layout of the whole page while the form renders (issue 27: the
 * change-password dialog, then mounted hidden on every signed-in screen, did so on each first load).
 */
export function NewPasswordField({
  name,
  label,
  rules = [],
}: {
  name: string;
  label: string;
  rules?: FormRule[];
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={[requiredRule(name), strongPasswordRule(t), ...rules]}>
      <NewPasswordInput hint={t('password.rule')} />
    </Form.Item>
  );
}
