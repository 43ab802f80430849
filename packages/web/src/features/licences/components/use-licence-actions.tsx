import { EditOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { TLicenseListItem } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import type { TRowAction } from '../../../shared/list/row-actions.tsx';
import { toast } from '../../../shared/toast/toast-store.ts';
import { useCheckLicences } from '../api/check-licences.ts';

/**
 * What the caller may do to licences: check the ones it sees (partnermanagement.read), create and
 * edit them with adminmanagement.update (the server checks the same permissions).
 */
export function useLicenceActions({ onEdit }: { onEdit: (licence: TLicenseListItem) => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const check = useCheckLicences();
  const mayUpdate = can(session, 'adminmanagement.update');

  /** Checks the licences now and says how many passed. */
  const checkNow = async (licences: TLicenseListItem[]) => {
    try {
      const checked = await check.mutateAsync(licences.map((l) => l.licenseInfoId));
      const valid = checked.filter((l) => l.validCheck === true).length;
      const message = t('licences.checked', { valid, count: checked.length });
      if (valid === checked.length) toast.success(message);
      else toast.warning(message);
    } catch {
      // Shown by the API client.
    }
  };

  const rowActions = (licence: TLicenseListItem): TRowAction[] => [
    {
      key: 'check',
      label: t('licences.check'),
      icon: <SafetyCertificateOutlined />,
      testId: 'licence-check',
      onClick: () => void checkNow([licence]),
    },
    ...(mayUpdate
      ? [
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            testId: 'licence-edit',
            onClick: () => onEdit(licence),
          },
        ]
      : []),
  ];

  return { mayCreate: mayUpdate, rowActions, checkNow, checking: check.isPending };
}
