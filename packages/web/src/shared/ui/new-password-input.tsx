import { CopyOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { generatePassword } from '@portal/contract';
import type { FormRule } from 'antd';
import { Button, Form, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
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
}: TNewPasswordInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

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
    <Space.Compact style={{ width: '100%' }}>
      <Input.Password
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        autoComplete={autoComplete}
        aria-label={ariaLabel}
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
  );
}

/**
 * A form's field for choosing a password: required and as strong as the contract asks, with the
 * rule shown below and the generator beside it. `rules` adds the screen's own checks.
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
    <Form.Item
      name={name}
      label={label}
      extra={t('password.rule')}
      rules={[requiredRule(name), strongPasswordRule(t), ...rules]}
    >
      <NewPasswordInput />
    </Form.Item>
  );
}
