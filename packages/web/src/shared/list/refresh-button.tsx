import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TListStatus } from './data-table.tsx';

/** Loads the list again; spins while a refresh of the shown rows runs. */
export function RefreshButton({ status }: { status: TListStatus }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('common.refresh')}>
      <Button
        icon={<ReloadOutlined />}
        aria-label={t('common.refresh')}
        loading={status.busy}
        onClick={status.retry}
      />
    </Tooltip>
  );
}
