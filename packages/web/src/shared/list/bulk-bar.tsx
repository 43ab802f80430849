import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type TBulkBarProps = {
  /** How many rows are selected; the bar shows only when some are. */
  count: number;
  /** Accessible name of the toolbar ("Actions on the selected users"). */
  label: string;
  onClear: () => void;
  /** The bulk action buttons. */
  children: ReactNode;
};

/** The toolbar of actions on the selected rows, with the count and a way to clear the selection. */
export function BulkBar({ count, label, onClear, children }: TBulkBarProps) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Flex
      wrap
      gap={8}
      align="center"
      style={{ marginBottom: 12 }}
      role="toolbar"
      aria-label={label}
      data-testid="bulk-bar"
    >
      <Typography.Text strong>{t('list.selected', { count })}</Typography.Text>
      {children}
      <Button type="link" onClick={onClear}>
        {t('list.clearSelection')}
      </Button>
    </Flex>
  );
}
