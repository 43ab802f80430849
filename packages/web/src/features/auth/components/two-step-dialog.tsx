import { Alert, Button, Flex, Input, List, Modal, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCurrentUser } from '../../../shared/api/session.ts';
import { renewSession } from '../../../shared/api/api-client.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { useDisableTwoStep, useEnableTwoStep, useSetUpTwoStep, type TTwoStepSetup } from '../api/two-step.ts';

export type TTwoStepDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The administrator must set it up (MFA_REQUIRED_FOR_ADMINS): the dialog cannot be dismissed. */
  required?: boolean;
};

const CODE_PATTERN = /^\d{6}$/;

/** Turns two-step sign-in (TOTP) on, with a QR code and recovery codes, or off. */
export function TwoStepDialog({ open, onClose, required = false }: TTwoStepDialogProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const setUp = useSetUpTwoStep();
  const enable = useEnableTwoStep();
  const disable = useDisableTwoStep();
  const [setup, setSetup] = useState<TTwoStepSetup | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const enabled = user?.mfaEnabled === true;

  useEffect(() => {
    if (!open) {
      setSetup(null);
      setQr(null);
      setCode('');
      setRecoveryCodes(null);
    }
  }, [open]);

  useEffect(() => {
    if (!setup) return;
    let current = true;
    QRCode.toDataURL(setup.otpauthUrl, { margin: 1, width: 192 })
      .then((url) => current && setQr(url))
      .catch(() => current && setQr(null));
    return () => {
      current = false;
    };
  }, [setup]);

  const start = async () => {
    try {
      setSetup(await setUp.mutateAsync());
    } catch {
      // Shown by the API client.
    }
  };

  const turnOn = async () => {
    try {
      const answer = await enable.mutateAsync(code);
      setRecoveryCodes(answer.recoveryCodes);
      // A fresh token drops the "set up first" mark; the user record shows the factor on.
      await renewSession();
      await loadCurrentUser();
      toast.success(t('twoStep.enabled'));
    } catch {
      // Shown by the API client (a wrong code).
    }
  };

  const turnOff = async () => {
    try {
      await disable.mutateAsync(code);
      await loadCurrentUser();
      toast.success(t('twoStep.disabled'));
      onClose();
    } catch {
      // Shown by the API client.
    }
  };

  const codeInput = (
    <Input
      value={code}
      onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
      inputMode="numeric"
      autoComplete="one-time-code"
      placeholder="123456"
      aria-label={t('twoStep.code')}
      data-testid="two-step-code"
      style={{ maxWidth: 160 }}
    />
  );

  const body = recoveryCodes ? (
    <Flex vertical gap={12}>
      <Alert type="success" showIcon title={t('twoStep.enabled')} />
      <Typography.Text>{t('twoStep.recoveryIntro')}</Typography.Text>
      <List
        size="small"
        bordered
        dataSource={recoveryCodes}
        renderItem={(item) => (
          <List.Item>
            <Typography.Text code copyable>
              {item}
            </Typography.Text>
          </List.Item>
        )}
        data-testid="two-step-recovery"
      />
      <Typography.Paragraph copyable={{ text: recoveryCodes.join('\n') }}>
        {t('twoStep.copyAll')}
      </Typography.Paragraph>
    </Flex>
  ) : enabled ? (
    <Flex vertical gap={12}>
      <Typography.Text>{t('twoStep.disableIntro')}</Typography.Text>
      {codeInput}
    </Flex>
  ) : setup ? (
    <Flex vertical gap={12}>
      <Typography.Text>{t('twoStep.scan')}</Typography.Text>
      {qr ? <img src={qr} width={192} height={192} alt={t('twoStep.qrAlt')} /> : null}
      <Typography.Text code copyable data-testid="two-step-secret">
        {setup.secret}
      </Typography.Text>
      <Typography.Text>{t('twoStep.enterCode')}</Typography.Text>
      {codeInput}
    </Flex>
  ) : (
    <Flex vertical gap={12}>
      {required ? <Alert type="warning" showIcon title={t('twoStep.required')} /> : null}
      <Typography.Text>{t('twoStep.intro')}</Typography.Text>
    </Flex>
  );

  const footer = recoveryCodes ? (
    <Button type="primary" onClick={onClose} data-testid="two-step-done">
      {t('twoStep.done')}
    </Button>
  ) : enabled ? (
    <Button
      danger
      loading={disable.isPending}
      disabled={!CODE_PATTERN.test(code)}
      onClick={() => void turnOff()}
    >
      {t('twoStep.turnOff')}
    </Button>
  ) : setup ? (
    <Button
      type="primary"
      loading={enable.isPending}
      disabled={!CODE_PATTERN.test(code)}
      onClick={() => void turnOn()}
      data-testid="two-step-enable"
    >
      {t('twoStep.turnOn')}
    </Button>
  ) : (
    <Button
      type="primary"
      loading={setUp.isPending}
      onClick={() => void start()}
      data-testid="two-step-start"
    >
      {t('twoStep.start')}
    </Button>
  );

  const dismissable = !required || recoveryCodes !== null;
  return (
    <Modal
      open={open}
      title={t('twoStep.title')}
      onCancel={dismissable ? onClose : undefined}
      closable={dismissable}
      mask={{ closable: dismissable }}
      keyboard={dismissable}
      footer={footer}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
