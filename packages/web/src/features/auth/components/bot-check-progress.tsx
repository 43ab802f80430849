import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Progress of the proof-of-work bot check while the form is being sent. */
export function BotCheckProgress({ fraction }: { fraction: number | null }) {
  const { t } = useTranslation();
  if (fraction === null) return null;
  return (
    <Flex vertical gap={4} style={{ marginBottom: 12 }} role="status" aria-live="polite">
      <Typography.Text type="secondary">{t('auth.botCheckRunning')}</Typography.Text>
      <Progress percent={Math.round(fraction * 100)} size="small" status="active" />
    </Flex>
  );
}
