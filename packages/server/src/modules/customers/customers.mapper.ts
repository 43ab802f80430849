import type { TCustomer } from '@portal/contract';
import type { TCustomerRow } from './customers.repository.ts';

/** The one place a customer row becomes the API record. */
export function toCustomer(row: TCustomerRow): TCustomer {
  return {
    customerType: row.customer_type,
    customerId: Number(row.customer_id),
    customerName: row.customer_name,
    email: row.email,
    login: row.login,
    city: row.city,
    country: row.country,
    status: row.active ? 'Active' : 'Suspended',
    userCount: row.user_count === null ? null : Number(row.user_count),
  };
}
