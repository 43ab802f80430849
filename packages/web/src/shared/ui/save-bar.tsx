import { Button, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type TSaveBarProps = {
  /** Prefix of the bar's test ids: `<testId>-save-bar`, `-dirty`, `-cancel` and `-save`. */
  testId: string;
  dirty: boolean;
  busy: boolean;
  /** What to fix before saving, or null when nothing is wrong. */
  error: string | null;
  /** Said while there are unsaved changes. */
  unsavedText: string;
  onCancel: () => void;
  onSave: () => void;
  /** Save greyed out while nothing changed (cancel always is). */
  saveNeedsChange?: boolean;
};

/** The sticky bar under an editor: what is wrong or unsaved, cancel and save. */
export function SaveBar({
  testId,
  dirty,
  busy,
  error,
  unsavedText,
  onCancel,
  onSave,
  saveNeedsChange = false,
}: TSaveBarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex
      wrap
      gap={8}
      align="center"
      justify="flex-end"
      data-testid={`${testId}-save-bar`}
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        marginTop: 16,
        padding: '12px 0',
        background: token.colorBgLayout,
        borderTop: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {error !== null ? (
        <Typography.Text type="danger" role="alert" style={{ marginInlineEnd: 'auto' }}>
          {error}
        </Typography.Text>
      ) : dirty ? (
        <Typography.Text type="secondary" data-testid={`${testId}-dirty`} style={{ marginInlineEnd: 'auto' }}>
          {unsavedText}
        </Typography.Text>
      ) : null}
      <Button onClick={onCancel} disabled={!dirty || busy} data-testid={`${testId}-cancel`}>
        {t('common.cancel')}
      </Button>
      <Button
        type="primary"
        onClick={onSave}
        disabled={saveNeedsChange && !dirty}
        loading={busy}
        data-testid={`${testId}-save`}
      >
        {t('common.save')}
      </Button>
    </Flex>
  );
}
