import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { TGenericList } from '@portal/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useFindLists } from '../api/find-lists.ts';
import { useGenericListColumns } from './generic-list-columns.tsx';
import { genericListsList, type TListFilters, type TListSortField } from './generic-list-state.ts';

/** #/lists: the generic lists (units, materials, services…) with their item counts. */
export function GenericLists() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const mayUpdate = can(session, 'adminmanagement.update');
  const list = useListState<TListSortField, TListFilters, TGenericList>(genericListsList);
  const found = useFindLists(list.query);
  const status = queryStatus(found);
  const columns = useGenericListColumns();
  const create = () => void navigate('/lists/new');

  return (
    <>
      <PageHeader
        title={t('menu.lists')}
        subtitle={found.data ? t('lists.total', { count: found.data.totalCount }) : undefined}
        extra={
          mayUpdate ? (
            <Button type="primary" icon={<PlusOutlined />} data-testid="lists-create" onClick={create}>
              {t('lists.create')}
            </Button>
          ) : null
        }
      />
      <ListToolbar
        list={list}
        status={status}
        search={{
          label: t('lists.search'),
          placeholder: t('lists.searchPlaceholder'),
          testId: 'lists-search',
        }}
        activeFilter={{
          activeText: t('lists.statusActive'),
          inactiveText: t('lists.statusInactive'),
        }}
      />
      <DataTable
        list={list}
        caption={t('menu.lists')}
        testId="lists-table"
        rowKey={(row) => row.listId}
        rowLabel={(row) => row.listCode}
        columns={columns}
        rows={found.data?.listInfos ?? []}
        total={found.data?.totalCount ?? 0}
        status={status}
        actions={(row) => [
          {
            key: 'open',
            label: mayUpdate ? t('common.edit') : t('common.view'),
            icon: mayUpdate ? <EditOutlined /> : <EyeOutlined />,
            testId: 'lists-edit',
            onClick: () => void navigate(`/lists/${row.listId}`),
          },
        ]}
        empty={{
          text: t('lists.empty'),
          filteredText: t('lists.emptyFiltered'),
          create: mayUpdate ? { label: t('lists.create'), onClick: create } : undefined,
        }}
      />
    </>
  );
}
