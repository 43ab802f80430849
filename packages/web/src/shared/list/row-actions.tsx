import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, theme, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';

/** A confirmation asked before a row action runs (delete, ...). */
export type TRowConfirm = {
  title: string;
  description?: string;
  okText: string;
  cancelText: string;
  okTestId?: string;
  /** The confirmation only explains (the action would be refused): its OK button is disabled. */
  okDisabled?: boolean;
  onConfirm: () => void | Promise<void>;
};

export type TRowAction = {
  key: string;
  /** The visible text (stacked rows) and tooltip (table rows). */
  label: string;
  icon: ReactNode;
  /** Explains a disabled action instead of the label. */
  disabledHint?: string;
  onClick?: () => void;
  confirm?: TRowConfirm;
  disabled?: boolean;
  danger?: boolean;
  testId?: string;
};

type TActionProps = { action: TRowAction; rowLabel: string; withText: boolean };

/**
 * One row action. Its accessible name starts with the visible label ("Delete alice"), and its
 * tooltip closes while its confirmation is open so the tooltip never covers the dialog.
 */
function RowActionButton({ action, rowLabel, withText }: TActionProps) {
  const { token } = theme.useToken();
  const [tooltipOpen, setTooltipOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const hint = action.disabled && action.disabledHint ? action.disabledHint : action.label;

  const button = (
    <Button
      type={withText ? 'default' : 'text'}
      size={withText ? 'small' : 'middle'}
      // antd's red button text reaches about 3.2:1; a labelled button keeps plain text and a red icon.
      danger={action.danger && !withText}
      icon={
        action.danger && withText && !action.disabled ? (
          <span style={{ color: token.colorError }}>{action.icon}</span>
        ) : (
          action.icon
        )
      }
      disabled={action.disabled}
      aria-label={`${action.label} ${rowLabel}`}
      data-testid={action.testId}
      onClick={action.confirm ? undefined : action.onClick}
    >
      {withText ? action.label : null}
    </Button>
  );
  // Stacked rows show the label as text; a tooltip would only repeat it.
  const tipped = withText ? (
    button
  ) : (
    <Tooltip title={hint} open={tooltipOpen && !confirmOpen} onOpenChange={setTooltipOpen}>
      {button}
    </Tooltip>
  );
  if (!action.confirm) return tipped;
  const { confirm } = action;
  return (
    <Popconfirm
      title={confirm.title}
      description={confirm.description}
      okText={confirm.okText}
      cancelText={confirm.cancelText}
      okButtonProps={{
        danger: action.danger,
        disabled: confirm.okDisabled,
        ...(confirm.okTestId ? { 'data-testid': confirm.okTestId } : {}),
      }}
      disabled={action.disabled}
      open={confirmOpen}
      onOpenChange={(open) => {
        setConfirmOpen(open);
        if (open) setTooltipOpen(false);
      }}
      onConfirm={confirm.onConfirm}
    >
      {tipped}
    </Popconfirm>
  );
}

/** The actions of one row: icon buttons with tooltips in a table, labelled buttons in stacked rows. */
export function RowActions({
  actions,
  rowLabel,
  withText = false,
}: {
  actions: readonly TRowAction[];
  rowLabel: string;
  withText?: boolean;
}) {
  return (
    <Flex gap={withText ? 8 : 0} wrap>
      {actions.map((action) => (
        <RowActionButton key={action.key} action={action} rowLabel={rowLabel} withText={withText} />
      ))}
    </Flex>
  );
}

/** The usual delete of one row: a bin that asks first, its confirm button named Delete. */
export function deleteRowAction(
  t: TFunction,
  options: Pick<TRowAction, 'disabled' | 'disabledHint' | 'testId'> &
    Pick<TRowConfirm, 'title' | 'description' | 'okTestId' | 'okDisabled' | 'onConfirm'>,
): TRowAction {
  const { disabled, disabledHint, testId, ...confirm } = options;
  return {
    key: 'delete',
    label: t('common.delete'),
    icon: <DeleteOutlined />,
    danger: true,
    disabled,
    disabledHint,
    testId,
    confirm: { ...confirm, okText: t('common.delete'), cancelText: t('common.cancel') },
  };
}
