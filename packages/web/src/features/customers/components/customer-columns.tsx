import { BankOutlined, UserOutlined } from '@ant-design/icons';
import type { TCustomer } from '@portal/contract';
import { Flex, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TListColumn } from '../../../shared/list/data-table.tsx';
import { StatusTag } from '../../../shared/list/status-tag.tsx';

/** The name a customer is shown by: an individual without first and last name goes by the login. */
export function customerLabel(customer: TCustomer): string {
  return customer.customerName.trim() || customer.login || String(customer.customerId);
}

/**
 * Where a customer's own screen is: a business on the companies screen, an individual on the
 * users screen, each searched for it (neither screen opens one record from its URL).
 */
export function customerHref(customer: TCustomer): string {
  const params =
    customer.customerType === 'Business'
      ? new URLSearchParams({ q: customer.customerName })
      : new URLSearchParams({ q: customer.login ?? customer.customerName });
  return `/${customer.customerType === 'Business' ? 'companies' : 'users'}?${params.toString()}`;
}

/** "Business" or "Individual", with its icon. */
export function CustomerTypeTag({ type }: { type: TCustomer['customerType'] }) {
  const { t } = useTranslation();
  return (
    <Tag
      icon={type === 'Business' ? <BankOutlined aria-hidden /> : <UserOutlined aria-hidden />}
      style={{ marginInlineEnd: 0 }}
      data-testid="customer-type"
    >
      {t(`customers.type.${type.toLowerCase()}`)}
    </Tag>
  );
}

/** "Active" or "Suspended" (an inactive company or user). */
export function CustomerStatusTag({ status }: { status: TCustomer['status'] }) {
  const { t } = useTranslation();
  return (
    <span data-testid="customer-status">
      <StatusTag tone={status === 'Active' ? 'success' : 'warning'}>
        {t(`customers.status.${status.toLowerCase()}`)}
      </StatusTag>
    </span>
  );
}

function Place({ customer }: { customer: TCustomer }) {
  const place = [customer.city, customer.country].filter((part) => part?.trim()).join(', ');
  return place ? <span>{place}</span> : <Typography.Text type="secondary">—</Typography.Text>;
}

/**
 * The customers table's columns; keys that are sort fields sort on the server. `linkUsers` is
 * false for a reader who may not open the users screen: individuals are then named, not linked.
 */
export function useCustomerColumns(linkUsers: boolean): TListColumn<TCustomer>[] {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return [
    {
      key: 'customerName',
      title: t('customers.name'),
      sortable: true,
      render: (c) => {
        const label = customerLabel(c);
        const linked = c.customerType === 'Business' || linkUsers;
        return (
          <Flex vertical style={{ minWidth: 0 }}>
            {linked ? (
              <Link
                to={customerHref(c)}
                data-testid="customer-link"
                title={c.customerType === 'Business' ? t('customers.openCompany') : t('customers.openUser')}
                style={{ overflowWrap: 'anywhere' }}
              >
                {label}
              </Link>
            ) : (
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>{label}</Typography.Text>
            )}
            {c.customerType === 'Individual' && c.login && c.login !== label ? (
              <Typography.Text
                ellipsis={{ tooltip: true }}
                style={{ fontSize: 12, fontWeight: 'normal', color: token.colorTextSecondary }}
              >
                {c.login}
              </Typography.Text>
            ) : null}
          </Flex>
        );
      },
    },
    {
      key: 'customerType',
      title: t('customers.typeLabel'),
      sortable: true,
      width: 140,
      render: (c) => <CustomerTypeTag type={c.customerType} />,
    },
    {
      key: 'status',
      title: t('customers.statusLabel'),
      sortable: true,
      width: 130,
      render: (c) => <CustomerStatusTag status={c.status} />,
    },
    {
      key: 'email',
      title: t('customers.email'),
      ellipsis: true,
      showFrom: 'lg',
      render: (c) => c.email || <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      key: 'country',
      title: t('customers.place'),
      sortable: true,
      width: 200,
      showFrom: 'md',
      render: (c) => <Place customer={c} />,
    },
    {
      key: 'userCount',
      title: t('customers.users'),
      width: 100,
      showFrom: 'lg',
      render: (c) =>
        c.userCount === null ? <Typography.Text type="secondary">—</Typography.Text> : c.userCount,
    },
  ];
}
