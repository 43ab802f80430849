import { App, Button, Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type TBulkAction = {
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void | Promise<void>;
  /** Destructive: marked by a red icon (antd's red button text does not reach 4.5:1). */
  danger?: boolean;
  loading?: boolean;
  /** Asks first in a dialog whose confirm button carries the action's label. */
  confirm?: { title: string; content?: string };
};

export type TBulkBarProps = {
  /** How many rows are selected; the bar shows only when some are. */
  count: number;
  /** Accessible name of the toolbar ("Actions on the selected users"). */
  label: string;
  actions: readonly TBulkAction[];
  onClear: () => void;
};

/** The toolbar of actions on the selected rows, with the count and a way to clear the selection. */
export function BulkBar({ count, label, actions, onClear }: TBulkBarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  if (count === 0) return null;
  const run = (action: TBulkAction) => {
    if (!action.confirm) return void action.onClick();
    modal.confirm({
      ...action.confirm,
      okText: action.label,
      okButtonProps: { danger: action.danger },
      cancelText: t('common.cancel'),
      onOk: action.onClick,
    });
  };
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
      {actions.map((action) => (
        <Button
          key={action.key}
          icon={action.danger ? <span style={{ color: token.colorError }}>{action.icon}</span> : action.icon}
          loading={action.loading}
          onClick={() => run(action)}
        >
          {action.label}
        </Button>
      ))}
      <Button type="text" onClick={onClear}>
        {t('list.clearSelection')}
      </Button>
    </Flex>
  );
}
