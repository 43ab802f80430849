import { CopyOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { FilterSelect } from '../../../shared/list/filter-select.tsx';
import { deleteRowAction, type TRowAction } from '../../../shared/list/row-actions.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { type TPriceListSummary, useFindPriceLists } from '../api/find-price-lists.ts';
import { useCopyPriceList, useDeletePriceLists } from '../api/save-price-lists.ts';
import { usePriceListColumns } from './price-list-columns.tsx';
import { priceListsList, type TPriceListFilters, type TPriceListSortField } from './price-list-state.ts';

type TTriState = 'all' | 'yes' | 'no';

function triOf(value: boolean | null): TTriState {
  return value === null ? 'all' : value ? 'yes' : 'no';
}

function boolOf(value: TTriState): boolean | null {
  return value === 'all' ? null : value === 'yes';
}

/** #/price-lists: the caller's price and part lists (and the portal-wide ones), opened to edit their items. */
export function PriceLists() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const list = useListState<TPriceListSortField, TPriceListFilters, TPriceListSummary>(priceListsList);
  const found = useFindPriceLists(list.query);
  const status = queryStatus(found);
  const columns = usePriceListColumns();
  const remove = useDeletePriceLists();
  const copy = useCopyPriceList();
  const shown = found.data?.priceListInfos ?? [];
  const isAdmin = can(session, 'adminmanagement.read');
  const mayCreate = can(session, 'contentmanagement.create');
  const mayUpdate = can(session, 'contentmanagement.update');
  const mayDelete = can(session, 'contentmanagement.delete');
  const mayTouch = (row: TPriceListSummary) => row.companyId !== null || isAdmin;
  const { filters } = list.state;
  const create = () => void navigate('/price-lists/new');

  const deleteNow = async (row: TPriceListSummary) => {
    try {
      await remove.mutateAsync([row.priceListId]);
      toast.success(t('priceLists.deleted', { code: row.priceListCode }));
      list.pageBackIfEmptied(1, shown.length);
    } catch {
      // The API client shows why.
    }
  };

  const copyNow = async (row: TPriceListSummary) => {
    try {
      const made = await copy.mutateAsync(row.priceListId);
      if (made) toast.success(t('priceLists.copied', { code: made.priceListCode }));
    } catch {
      // The API client shows why.
    }
  };

  const rowActions = (row: TPriceListSummary): TRowAction[] => [
    {
      key: 'edit',
      label: mayUpdate && mayTouch(row) ? t('common.edit') : t('common.view'),
      icon: mayUpdate && mayTouch(row) ? <EditOutlined /> : <EyeOutlined />,
      testId: 'price-list-edit',
      onClick: () => void navigate(`/price-lists/${row.priceListId}`),
    },
    ...(mayCreate
      ? [
          {
            key: 'copy',
            label: t('priceLists.copy'),
            icon: <CopyOutlined />,
            testId: 'price-list-copy',
            disabled: copy.isPending,
            onClick: () => void copyNow(row),
          },
        ]
      : []),
    ...(mayDelete
      ? [
          deleteRowAction(t, {
            testId: 'price-list-row-delete',
            disabled: !mayTouch(row),
            disabledHint: t('priceLists.adminsOnly'),
            title: t('priceLists.deleteTitle', { code: row.priceListCode }),
            description: t('priceLists.deleteWarning', { count: row.itemCount }),
            okTestId: 'confirm-delete',
            onConfirm: () => deleteNow(row),
          }),
        ]
      : []),
  ];

  const flagFilter = (key: keyof TPriceListFilters, label: string) => (
    <FilterSelect<TTriState>
      label={label}
      value={triOf(filters[key])}
      onChange={(value) => list.update({ filters: { [key]: boolOf(value) } })}
      options={[
        { value: 'all', label: `${label}: ${t('priceLists.any')}` },
        { value: 'yes', label: `${label}: ${t('priceLists.yes')}` },
        { value: 'no', label: `${label}: ${t('priceLists.no')}` },
      ]}
      minWidth={140}
    />
  );

  return (
    <>
      <PageHeader
        title={t('menu.priceLists')}
        subtitle={found.data ? t('priceLists.total', { count: found.data.totalCount }) : undefined}
        extra={
          mayCreate ? (
            <Button type="primary" icon={<PlusOutlined />} data-testid="price-list-create" onClick={create}>
              {t('priceLists.create')}
            </Button>
          ) : null
        }
      />
      <ListToolbar
        list={list}
        status={status}
        search={{
          label: t('priceLists.search'),
          placeholder: t('priceLists.searchPlaceholder'),
          testId: 'price-list-search',
        }}
      >
        {flagFilter('active', t('priceLists.active'))}
        {flagFilter('isPartList', t('priceLists.partList'))}
        {flagFilter('isDefaultList', t('priceLists.defaultList'))}
        {flagFilter('isTemplateList', t('priceLists.templateList'))}
      </ListToolbar>
      <DataTable
        list={list}
        caption={t('menu.priceLists')}
        testId="price-lists-table"
        rowKey={(row) => row.priceListId}
        rowLabel={(row) => row.priceListCode}
        columns={columns}
        rows={shown}
        total={found.data?.totalCount ?? 0}
        status={status}
        actions={rowActions}
        empty={{
          text: t('priceLists.empty'),
          filteredText: t('priceLists.emptyFiltered'),
          create: mayCreate ? { label: t('priceLists.create'), onClick: create } : undefined,
        }}
      />
    </>
  );
}
