import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A danger Delete button that asks first (the confirm button is `confirm-delete`). */
export function ConfirmDeleteButton({
  title,
  description,
  onConfirm,
  loading,
  testId,
}: {
  title: ReactNode;
  description: ReactNode;
  onConfirm: () => unknown;
  loading: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'confirm-delete' } }}
      onConfirm={() => onConfirm()}
    >
      <Button danger icon={<DeleteOutlined />} loading={loading} data-testid={testId}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
}
