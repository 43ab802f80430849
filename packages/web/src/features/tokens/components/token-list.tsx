import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { TApiToken } from '@portal/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import type { TRowAction } from '../../../shared/list/row-actions.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useDeleteTokens } from '../api/delete-tokens.ts';
import { useFindTokens } from '../api/find-tokens.ts';
import { useTokenColumns } from './token-columns.tsx';
import { TokenFilters } from './token-filters.tsx';
import { TokenForm } from './token-form.tsx';
import { tokenFindRequest, tokenList, type TTokenFilters, type TTokenSortField } from './token-list-state.ts';

/**
 * #/tokens: the API tokens of the caller's tree (admins: every one) for design tools, with their
 * scopes, validity and last use; create (the secret shown once) and revoke with confirmation.
 */
export function TokenList() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListState<TTokenSortField, TTokenFilters, TApiToken>(tokenList);
  const tokens = useFindTokens(tokenFindRequest(list.query));
  const status = queryStatus(tokens);
  const isAdmin = can(session, 'adminmanagement.read');
  const columns = useTokenColumns();
  const [formOpen, setFormOpen] = useState(false);
  const revoke = useDeleteTokens();
  const mayCreate = can(session, 'partnermanagement.create');
  const mayRevoke = can(session, 'partnermanagement.delete');
  const shown = tokens.data?.apiTokenInfos ?? [];

  const revokeToken = async (token: TApiToken) => {
    try {
      await revoke.mutateAsync([token.apiTokenId]);
      toast.success(t('tokens.revoked', { name: token.apiTokenName }));
      if (shown.length === 1 && list.state.page > 1) list.update({ page: list.state.page - 1 });
    } catch {
      // Shown by the API client, translated.
    }
  };

  const rowActions = (token: TApiToken): TRowAction[] => [
    {
      key: 'revoke',
      label: t('tokens.revoke'),
      icon: <StopOutlined />,
      danger: true,
      testId: 'token-revoke',
      confirm: {
        title: t('tokens.revokeTitle', { name: token.apiTokenName }),
        description: t('tokens.revokeWarning'),
        okText: t('tokens.revoke'),
        cancelText: t('common.cancel'),
        okTestId: 'confirm-revoke',
        onConfirm: () => revokeToken(token),
      },
    },
  ];

  return (
    <>
      <PageHeader
        title={t('menu.tokens')}
        subtitle={tokens.data ? t('tokens.total', { count: tokens.data.totalCount }) : undefined}
        extra={
          mayCreate ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="token-create"
              onClick={() => setFormOpen(true)}
            >
              {t('tokens.create')}
            </Button>
          ) : null
        }
      />
      <ListToolbar list={list} status={status}>
        <TokenFilters state={list.state} onChange={list.update} byCompany={isAdmin} />
      </ListToolbar>
      <DataTable
        list={list}
        caption={t('menu.tokens')}
        testId="token-table"
        rowKey={(row) => row.apiTokenId}
        rowLabel={(row) => row.apiTokenName}
        columns={columns}
        rows={shown}
        total={tokens.data?.totalCount ?? 0}
        status={status}
        actions={mayRevoke ? rowActions : undefined}
        empty={{
          text: t('tokens.empty'),
          filteredText: t('tokens.emptyFiltered'),
          create: mayCreate ? { label: t('tokens.create'), onClick: () => setFormOpen(true) } : undefined,
        }}
      />
      <TokenForm open={formOpen} onClose={() => setFormOpen(false)} />
    </>
  );
}
