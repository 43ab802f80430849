import { Button, Drawer, Flex, Grid } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
  children,
}: TFormDrawerProps) {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().sm === false;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size={narrow ? '100%' : 560}
      destroyOnHidden
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={onSave} data-testid={saveTestId}>
            {saveLabel}
          </Button>
        </Flex>
      }
    >
      {children}
    </Drawer>
  );
}
