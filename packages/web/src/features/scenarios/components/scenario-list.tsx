import { EditOutlined, ExperimentOutlined, PlusOutlined } from '@ant-design/icons';
import type { TScenario } from '@portal/contract';
import { Alert, Button, Flex } from 'antd';
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
import { useDeleteScenarios } from '../api/delete-scenarios.ts';
import { findScenarios, scenariosKey, useFindScenarios } from '../api/find-scenarios.ts';
import { useScenarioColumns } from './scenario-columns.tsx';
import { ScenarioFilters } from './scenario-filters.tsx';
import { ScenarioForm } from './scenario-form.tsx';
import {
  scenarioFindRequest,
  scenarioList,
  type TScenarioFilters,
  type TScenarioSortField,
} from './scenario-list-state.ts';

/**
 * #/scenarios: the tested details of the caller's tree (admins: every one; end users: the
 * published ones), filterable on every code and size; create, edit and delete through the approval
 * workflow for partners, and a way to the lookup panel.
 */
export function ScenarioList() {
  const { t } = useTranslation();
  const session = useSession();
  const contributor = can(session, 'contentmanagement.update');
  const list = useListState<TScenarioSortField, TScenarioFilters, TScenario>(scenarioList);
  const scenarios = useFindScenarios(scenarioFindRequest(list.query, contributor));
  const status = queryStatus(scenarios);
  const columns = useScenarioColumns({ withStatus: contributor });
  const remove = useDeleteScenarios();
  const mayCreate = can(session, 'contentmanagement.create');
  const mayDelete = can(session, 'contentmanagement.delete');
  const [form, setForm] = useState<{ open: boolean; scenario: TScenario | null }>({
    open: false,
    scenario: null,
  });
  const shown = scenarios.data?.scenarioInfos ?? [];
  const openForm = (scenario: TScenario | null) => setForm({ open: true, scenario });
  // A link to one scenario (`#/scenarios/12`, from a decision's notification) opens it.
  const linked = useLinkedRecord({
    param: 'scenarioId',
    listPath: '/scenarios',
    key: scenariosKey,
    find: async (id) =>
      (await findScenarios({ ids: [id], ...(contributor ? { includeTempItems: true } : {}) }))
        .scenarioInfos[0],
  });

  const deleteScenario = useWorkflowDelete({
    remove: (ids: number[]) => remove.mutateAsync(ids),
    idOf: (scenario: TScenario) => scenario.scenarioId,
    nameOf: (scenario: TScenario) => scenario.scenarioName,
    onDeleted: () => list.pageBackIfEmptied(1, shown.length),
  });

  const rowActions = (scenario: TScenario): TRowAction[] => [
    ...(contributor
      ? [
          {
            key: 'edit',
            label: t('common.edit'),
            icon: <EditOutlined />,
            testId: 'scenario-edit',
            onClick: () => openForm(scenario),
          },
        ]
      : []),
    ...(mayDelete
      ? [
          deleteRowAction(t, {
            testId: 'scenario-delete',
            title: t('scenarios.deleteTitle', { name: scenario.scenarioName }),
            description: t('scenarios.deleteWarning'),
            okTestId: 'confirm-delete',
            onConfirm: () => deleteScenario(scenario),
          }),
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t('menu.scenarios')}
        subtitle={scenarios.data ? t('scenarios.total', { count: scenarios.data.totalCount }) : undefined}
        extra={
          <Flex gap={8} wrap>
            <Button
              href="#/placement-rules/lookup?kind=scenario"
              icon={<ExperimentOutlined />}
              data-testid="scenario-open-lookup"
            >
              {t('lookup.open')}
            </Button>
            {mayCreate ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="scenario-create"
                onClick={() => openForm(null)}
              >
                {t('scenarios.create')}
              </Button>
            ) : null}
          </Flex>
        }
      />
      {linked.missing ? (
        <Alert type="warning" showIcon title={t('scenarios.linkedMissing')} style={{ marginBottom: 12 }} />
      ) : null}
      <ListToolbar list={list} status={status}>
        <ScenarioFilters state={list.state} onChange={list.update} byStatus={contributor} />
      </ListToolbar>
      <DataTable
        list={list}
        caption={t('menu.scenarios')}
        testId="scenario-table"
        rowKey={(row) => row.scenarioId}
        rowLabel={(row) => row.scenarioName}
        columns={columns}
        rows={shown}
        total={scenarios.data?.totalCount ?? 0}
        status={status}
        actions={contributor || mayDelete ? rowActions : undefined}
        empty={{
          text: t('scenarios.empty'),
          filteredText: t('scenarios.emptyFiltered'),
          create: mayCreate ? { label: t('scenarios.create'), onClick: () => openForm(null) } : undefined,
        }}
      />
      <ScenarioForm
        open={form.open || (contributor && linked.record !== undefined)}
        scenario={form.open ? form.scenario : (linked.record ?? null)}
        onClose={() => {
          setForm({ open: false, scenario: null });
          if (linked.id !== undefined) linked.close();
        }}
      />
    </>
  );
}
