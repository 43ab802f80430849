import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { TParameterList } from '@portal/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { deleteRowAction, type TRowAction } from '../../../shared/list/row-actions.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useDeleteParameterLists } from '../api/delete-parameter-lists.ts';
import { useFindParameterLists } from '../api/find-parameter-lists.ts';
import { useParameterListColumns } from './parameter-list-columns.tsx';
import {
  parameterListsList,
  type TParameterListFilters,
  type TParameterListSortField,
} from './parameter-list-state.ts';

/** #/parameter-lists: the caller's parameter lists (and the portal-wide ones), opened to edit their parameters. */
export function ParameterLists() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const list = useListState<TParameterListSortField, TParameterListFilters, TParameterList>(
    parameterListsList,
  );
  const found = useFindParameterLists(list.query);
  const status = queryStatus(found);
  const columns = useParameterListColumns();
  const remove = useDeleteParameterLists();
  const shown = found.data?.parameterListInfos ?? [];
  const isAdmin = can(session, 'adminmanagement.read');
  const mayCreate = can(session, 'contentmanagement.create') && can(session, 'contentmanagement.update');
  const mayUpdate = can(session, 'contentmanagement.update');
  const mayDelete = can(session, 'contentmanagement.delete');
  const mayTouch = (row: TParameterList) => row.companyId !== null || isAdmin;
  const create = () => void navigate('/parameter-lists/new');

  const deleteNow = async (row: TParameterList) => {
    try {
      await remove.mutateAsync([row.parameterListId]);
      toast.success(t('parameterLists.deleted', { count: 1 }));
      list.pageBackIfEmptied(1, shown.length);
    } catch {
      // The API client shows why (a list in use: how many families use it).
    }
  };

  const rowActions = (row: TParameterList): TRowAction[] => [
    {
      key: 'edit',
      label: mayUpdate && mayTouch(row) ? t('common.edit') : t('common.view'),
      icon: mayUpdate && mayTouch(row) ? <EditOutlined /> : <EyeOutlined />,
      testId: 'parameter-list-edit',
      onClick: () => void navigate(`/parameter-lists/${row.parameterListId}`),
    },
    ...(mayDelete
      ? [
          deleteRowAction(t, {
            testId: 'parameter-list-row-delete',
            disabled: !mayTouch(row),
            disabledHint: t('parameterLists.adminsOnly'),
            title: t('parameterLists.deleteTitle', { code: row.parameterListCode }),
            description: row.familyCount
              ? t('parameterLists.deleteInUse', { count: row.familyCount })
              : t('parameterLists.deleteWarning'),
            okTestId: 'confirm-delete',
            onConfirm: () => deleteNow(row),
          }),
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('menu.parameterLists')}
        subtitle={found.data ? t('parameterLists.total', { count: found.data.totalCount }) : undefined}
        extra={
          mayCreate ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="parameter-list-create"
              onClick={create}
            >
              {t('parameterLists.create')}
            </Button>
          ) : null
        }
      />
      <ListToolbar
        list={list}
        status={status}
        search={{
          label: t('parameterLists.search'),
          placeholder: t('parameterLists.searchPlaceholder'),
          testId: 'parameter-list-search',
        }}
        activeFilter={{
          activeText: t('parameterLists.statusActive'),
          inactiveText: t('parameterLists.statusInactive'),
        }}
      />
      <DataTable
        list={list}
        caption={t('menu.parameterLists')}
        testId="parameter-lists-table"
        rowKey={(row) => row.parameterListId}
        rowLabel={(row) => row.parameterListCode}
        columns={columns}
        rows={shown}
        total={found.data?.totalCount ?? 0}
        status={status}
        actions={rowActions}
        empty={{
          text: t('parameterLists.empty'),
          filteredText: t('parameterLists.emptyFiltered'),
          create: mayCreate ? { label: t('parameterLists.create'), onClick: create } : undefined,
        }}
      />
    </>
  );
}
