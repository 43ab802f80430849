import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TTerms } from '@portal/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkBar } from '../../../shared/list/bulk-bar.tsx';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useFindTerms } from '../api/find-terms.ts';
import { useTermsColumns } from './terms-columns.tsx';
import { TermsForm } from './terms-form.tsx';
import { termsList, type TTermsFilters, type TTermsSortField } from './terms-list-state.ts';
import { useTermsActions } from './use-terms-actions.tsx';

/** #/terms: the terms of the caller's companies (admins: portal-wide ones too), written in Markdown. */
export function TermsList() {
  const { t } = useTranslation();
  const list = useListState<TTermsSortField, TTermsFilters, TTerms>(termsList);
  const found = useFindTerms(list.query);
  const status = queryStatus(found);
  const columns = useTermsColumns();
  const shown = found.data?.termsInfos ?? [];
  const [form, setForm] = useState<{ open: boolean; terms: TTerms | null }>({ open: false, terms: null });
  const openForm = (terms: TTerms | null) => setForm({ open: true, terms });
  const actions = useTermsActions({
    onEdit: openForm,
    onDeleted: (count) => list.pageBackIfEmptied(count, shown.length),
  });

  return (
    <>
      <PageHeader
        title={t('menu.terms')}
        subtitle={found.data ? t('terms.total', { count: found.data.totalCount }) : undefined}
        extra={
          actions.mayCreate ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="terms-create"
              onClick={() => openForm(null)}
            >
              {t('terms.create')}
            </Button>
          ) : null
        }
      />
      <ListToolbar
        list={list}
        status={status}
        search={{
          label: t('terms.search'),
          placeholder: t('terms.searchPlaceholder'),
          testId: 'terms-search',
        }}
        activeFilter={{
          activeText: t('terms.statusActive'),
          inactiveText: t('terms.statusInactive'),
        }}
      />
      {actions.mayDelete ? (
        <BulkBar
          count={list.selected.length}
          label={t('terms.bulkLabel')}
          onClear={() => list.setSelected([])}
          actions={[
            {
              key: 'delete',
              label: t('common.delete'),
              icon: <DeleteOutlined />,
              danger: true,
              loading: actions.deleting,
              confirm: { title: t('terms.deleteSelectedTitle', { count: list.selected.length }) },
              onClick: () => actions.deleteNow(list.selected),
            },
          ]}
        />
      ) : null}
      <DataTable
        list={list}
        caption={t('menu.terms')}
        testId="terms-table"
        rowKey={(terms) => terms.termsId}
        rowLabel={(terms) => terms.termsTitle}
        columns={columns}
        rows={shown}
        total={found.data?.totalCount ?? 0}
        status={status}
        actions={actions.rowActions}
        selection={actions.mayDelete ? { disabled: (terms) => !actions.mayTouch(terms) } : undefined}
        empty={{
          text: t('terms.empty'),
          filteredText: t('terms.emptyFiltered'),
          create: actions.mayCreate ? { label: t('terms.create'), onClick: () => openForm(null) } : undefined,
        }}
      />
      <TermsForm
        open={form.open}
        terms={form.terms}
        isAdmin={actions.isAdmin}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
