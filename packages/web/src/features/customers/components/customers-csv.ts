import type { TCustomer } from '@portal/contract';
import type { TFunction } from 'i18next';
import type { TCsvColumn } from '../../../shared/list/list-export.ts';

/** Columns of the customers export, headed and typed in the reader's language. */
export function customerCsvColumns(t: TFunction): TCsvColumn<TCustomer>[] {
  return [
    { header: t('customers.name'), value: (c) => c.customerName },
    { header: t('customers.typeLabel'), value: (c) => t(`customers.type.${c.customerType.toLowerCase()}`) },
    { header: t('customers.statusLabel'), value: (c) => t(`customers.status.${c.status.toLowerCase()}`) },
    { header: t('customers.login'), value: (c) => c.login },
    { header: t('customers.email'), value: (c) => c.email },
    { header: t('customers.city'), value: (c) => c.city },
    { header: t('customers.country'), value: (c) => c.country },
    { header: t('customers.users'), value: (c) => c.userCount },
  ];
}
