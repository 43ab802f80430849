import { EditOutlined, ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import type { TPlacementRule } from '@portal/contract';
import { Alert, Button, Flex } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { useLinkedRecord } from '../../../shared/firestop/linked-record.ts';
import { useWorkflowDelete } from '../../../shared/firestop/workflow-form.ts';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { deleteRowAction, type TRowAction } from '../../../shared/list/row-actions.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useDeletePlacementRules } from '../api/delete-placement-rules.ts';
import type { TRuleExportFilters } from '../api/export-rules.ts';
import { findPlacementRules, placementRulesKey, useFindPlacementRules } from '../api/find-placement-rules.ts';
import { useRuleColumns } from './rule-columns.tsx';
import { RuleFilters } from './rule-filters.tsx';
import { RuleForm } from './rule-form.tsx';
import { RuleTransfer } from './transfer/rule-transfer.tsx';
import { ruleFindRequest, ruleList, type TRuleFilters, type TRuleSortField } from './rule-list-state.ts';

/**
 * #/placement-rules: which scenario applies to a service of a type and material within a size
 * range, for the caller's tree (admins: every one; end users: the published ones); filterable on
 * every code and the service size; create, edit and delete through the approval workflow for
 * partners; the lookup panel one click away.
 */
/** What of the table's state the export takes: the search (its other filters are the find's own). */
function exportFiltersOf(query: { search?: string }): TRuleExportFilters {
  return query.search?.trim() ? { search: query.search.trim() } : {};
}

export function RuleList() {
  const { t } = useTranslation();
  const session = useSession();
  const contributor = can(session, 'contentmanagement.update');
  const list = useListState<TRuleSortField, TRuleFilters, TPlacementRule>(ruleList);
  const rules = useFindPlacementRules(ruleFindRequest(list.query, contributor));
  const status = queryStatus(rules);
  const columns = useRuleColumns({ withStatus: contributor });
  const remove = useDeletePlacementRules();
  const queryClient = useQueryClient();
  const mayCreate = can(session, 'contentmanagement.create');
  const mayDelete = can(session, 'contentmanagement.delete');
  const [form, setForm] = useState<{ open: boolean; rule: TPlacementRule | null }>({
    open: false,
    rule: null,
  });
  // A link to one rule (`#/placement-rules/12`, from a decision's notification) opens it.
  const linked = useLinkedRecord({
    param: 'placementRuleId',
    listPath: '/placement-rules',
    key: placementRulesKey,
    find: async (id) =>
      (await findPlacementRules({ ids: [id], ...(contributor ? { includeTempItems: true } : {}) }))
        .placementRuleInfos[0],
  });
  const shown = rules.data?.placementRuleInfos ?? [];
  const openForm = (rule: TPlacementRule | null) => setForm({ open: true, rule });

  const deleteRule = useWorkflowDelete({
    remove: (ids: number[]) => remove.mutateAsync(ids),
    idOf: (rule: TPlacementRule) => rule.placementRuleId,
    nameOf: (rule: TPlacementRule) => rule.placementRuleName,
    onDeleted: () => list.pageBackIfEmptied(1, shown.length),
  });

  const rowActions = (rule: TPlacementRule): TRowAction[] => [
    ...(contributor
      ? [
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            testId: 'rule-edit',
            onClick: () => openForm(rule),
          },
        ]
      : []),
    ...(mayDelete
      ? [
          deleteRowAction(t, {
            testId: 'rule-delete',
            title: t('scenarios.deleteTitle', { name: rule.placementRuleName }),
            description: t('placementRules.deleteWarning'),
            okTestId: 'confirm-delete',
            onConfirm: () => deleteRule(rule),
          }),
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('menu.placementRules')}
        subtitle={rules.data ? t('placementRules.total', { count: rules.data.totalCount }) : undefined}
        extra={
          <Flex gap={8} wrap data-testid="rule-toolbar-actions">
            <RuleTransfer
              filters={exportFiltersOf(list.query)}
              canImport={mayCreate}
              onImported={() => void queryClient.invalidateQueries({ queryKey: placementRulesKey })}
            />
            <Button
              href="#/placement-rules/lookup"
              icon={<ExperimentOutlined />}
              data-testid="rule-open-lookup"
            >
              {t('lookup.open')}
            </Button>
            {mayCreate ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="rule-create"
                onClick={() => openForm(null)}
              >
                {t('placementRules.create')}
              </Button>
            ) : null}
          </Flex>
        }
      />
      {linked.missing ? (
        <Alert
          type="warning"
          showIcon
          title={t('placementRules.linkedMissing')}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <ListToolbar list={list} status={status}>
        <RuleFilters state={list.state} onChange={list.update} byStatus={contributor} />
      </ListToolbar>
      <DataTable
        list={list}
        caption={t('menu.placementRules')}
        testId="rule-table"
        rowKey={(row) => row.placementRuleId}
        rowLabel={(row) => row.placementRuleName}
        columns={columns}
        rows={shown}
        total={rules.data?.totalCount ?? 0}
        status={status}
        actions={contributor || mayDelete ? rowActions : undefined}
        empty={{
          text: t('placementRules.empty'),
          filteredText: t('placementRules.emptyFiltered'),
          create: mayCreate
            ? { label: t('placementRules.create'), onClick: () => openForm(null) }
            : undefined,
        }}
      />
      <RuleForm
        open={form.open || (contributor && linked.record !== undefined)}
        rule={form.open ? form.rule : (linked.record ?? null)}
        onClose={() => {
          setForm({ open: false, rule: null });
          if (linked.id !== undefined) linked.close();
        }}
      />
    </>
  );
}
