import type { TCustomer } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ExportButton } from '../../../shared/list/export-button.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { findCustomers, useFindCustomers } from '../api/find-customers.ts';
import { customerLabel, useCustomerColumns } from './customer-columns.tsx';
import { CustomerFilters } from './customer-filters.tsx';
import {
  customerFindRequest,
  customerList,
  type TCustomerFilters,
  type TCustomerSortField,
} from './customer-list-state.ts';
import { customerCsvColumns } from './customers-csv.ts';

/**
 * #/customers: everyone the portal serves in one paged list, companies as Business and (for
 * admins) users without a company as Individual, each Active or Suspended and linked to its screen.
 */
export function CustomerList() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListState<TCustomerSortField, TCustomerFilters, TCustomer>(customerList);
  const request = customerFindRequest(list.query);
  const customers = useFindCustomers(request);
  const status = queryStatus(customers);
  const columns = useCustomerColumns(can(session, 'usermanagement.read'));

  return (
    <>
      <PageHeader
        title={t('menu.customers')}
        subtitle={customers.data ? t('customers.total', { count: customers.data.totalCount }) : undefined}
        extra={
          <ExportButton
            name="customers"
            label={t('customers.export')}
            hint={t('customers.exportHint')}
            disabled={!customers.data?.totalCount}
            columns={() => customerCsvColumns(t)}
            fetchPage={async (page, pageSize) => {
              const answer = await findCustomers({ ...request, page, pageSize });
              return { rows: answer.customerInfos, total: answer.totalCount };
            }}
          />
        }
      />
      <ListToolbar list={list} status={status}>
        <CustomerFilters
          state={list.state}
          onChange={list.update}
          showType={can(session, 'adminmanagement.read')}
        />
      </ListToolbar>
      <DataTable
        list={list}
        caption={t('menu.customers')}
        testId="customer-table"
        rowKey={(c) => `${c.customerType}-${c.customerId}`}
        rowLabel={customerLabel}
        columns={columns}
        rows={customers.data?.customerInfos ?? []}
        total={customers.data?.totalCount ?? 0}
        status={status}
        empty={{ text: t('customers.empty'), filteredText: t('customers.emptyFiltered') }}
      />
    </>
  );
}
