import { Button, Drawer, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreens } from '../theme/use-min-width.ts';

export type TFormDrawerProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Submits the form inside (`form.submit()`). */
  onSave: () => void;
  saving: boolean;
  /** The save button's text (Create, Save, Publish). */
  saveLabel: string;
  /** `data-testid` of the save button. */
  saveTestId: string;
  /** The save button is shown but cannot be pressed (e.g. while the record is stale). */
  saveDisabled?: boolean;
  /** Nothing to save (a read-only record): the footer offers Close and no save button. */
  readOnly?: boolean;
  /** Width in pixels beyond `fullBelow`: 560 unless the form needs more room. */
  width?: number;
  /** Below this breakpoint the drawer takes the whole window. */
  fullBelow?: 'sm' | 'md';
  children: ReactNode;
};

/**
 * The drawer a record's form opens in: full width on phones, 560 px otherwise, Cancel and the
 * save button in its footer; its content is made at once and dropped when it closes.
 */
export function FormDrawer({
  open,
  onClose,
  title,
  onSave,
  saving,
  saveLabel,
  saveTestId,
  saveDisabled = false,
  readOnly = false,
  width = 560,
  fullBelow = 'sm',
  children,
}: TFormDrawerProps) {
  const { t } = useTranslation();
  const narrow = useScreens()[fullBelow] === false;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={narrow ? '100%' : width}
      destroyOnHidden
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{readOnly ? t('common.close') : t('common.cancel')}</Button>
          {readOnly ? null : (
            <Button
              type="primary"
              loading={saving}
              disabled={saveDisabled}
              onClick={onSave}
              data-testid={saveTestId}
            >
              {saveLabel}
            </Button>
          )}
        </Flex>
      }
    >
      {children}
    </Drawer>
  );
}
