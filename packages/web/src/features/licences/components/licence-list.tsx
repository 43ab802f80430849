import { PlusOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { TLicenseListItem } from '@portal/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkBar } from '../../../shared/list/bulk-bar.tsx';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useFindLicences } from '../api/find-licences.ts';
import { useLicenceColumns } from './licence-columns.tsx';
import { LicenceFilters } from './licence-filters.tsx';
import { LicenceForm } from './licence-form.tsx';
import {
  licenceFindRequest,
  licenceList,
  type TLicenceFilters,
  type TLicenceSortField,
} from './licence-list-state.ts';
import { useLicenceActions } from './use-licence-actions.tsx';

/** #/licences: licences with status, days left and seats, the ones ending soonest first; checks and (admins) edits. */
export function LicenceList() {
  const { t } = useTranslation();
  const list = useListState<TLicenceSortField, TLicenceFilters, TLicenseListItem>(licenceList);
  const licences = useFindLicences(licenceFindRequest(list.query));
  const status = queryStatus(licences);
  const columns = useLicenceColumns();
  const [form, setForm] = useState<{ open: boolean; licence: TLicenseListItem | null }>({
    open: false,
    licence: null,
  });
  const openForm = (licence: TLicenseListItem | null) => setForm({ open: true, licence });
  const actions = useLicenceActions({ onEdit: openForm });
  const shown = licences.data?.licenseInfos ?? [];

  return (
    <>
      <PageHeader
        title={t('menu.licences')}
        subtitle={licences.data ? t('licences.total', { count: licences.data.totalCount }) : undefined}
        extra={
          actions.mayCreate ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="licence-create"
              onClick={() => openForm(null)}
            >
              {t('licences.create')}
            </Button>
          ) : null
        }
      />
      <ListToolbar list={list} status={status}>
        <LicenceFilters state={list.state} onChange={list.update} />
      </ListToolbar>
      <BulkBar
        count={list.selected.length}
        label={t('licences.bulkLabel')}
        onClear={() => list.setSelected([])}
        actions={[
          {
            key: 'check',
            label: t('licences.checkSelected'),
            icon: <SafetyCertificateOutlined />,
            loading: actions.checking,
            onClick: async () => {
              await actions.checkNow(list.selected);
              list.setSelected([]);
            },
          },
        ]}
      />
      <DataTable
        list={list}
        caption={t('menu.licences')}
        testId="licence-table"
        rowKey={(l) => l.licenseInfoId}
        rowLabel={(l) => l.licenseCode}
        columns={columns}
        rows={shown}
        total={licences.data?.totalCount ?? 0}
        status={status}
        actions={actions.rowActions}
        selection={{}}
        empty={{
          text: t('licences.empty'),
          filteredText: t('licences.emptyFiltered'),
          create: actions.mayCreate
            ? { label: t('licences.create'), onClick: () => openForm(null) }
            : undefined,
        }}
      />
      <LicenceForm
        open={form.open}
        licence={form.licence}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
