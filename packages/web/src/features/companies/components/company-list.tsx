import { CloseOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TCompany } from '@portal/contract';
import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, queryStatus } from '../../../shared/list/data-table.tsx';
import { ListToolbar } from '../../../shared/list/list-toolbar.tsx';
import { useListState } from '../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { useCompanyScope, useFindCompanies } from '../api/find-companies.ts';
import { useCompanyColumns } from './company-columns.tsx';
import { CompanyDeleteDialog } from './company-delete-dialog.tsx';
import { CompanyFilters } from './company-filters.tsx';
import { CompanyForm } from './company-form.tsx';
import { companyList, type TCompanyFilters, type TCompanySortField } from './company-list-state.ts';
import { CompanyTree } from './company-tree.tsx';
import { useCompanyActions } from './use-company-actions.tsx';
import { useScreens } from '../../../shared/theme/use-min-width.ts';

/**
 * #/companies: the hierarchy as a tree beside a table of companies that is searched, filtered,
 * sorted and paged on the server. Choosing a company in the tree lists the companies under it.
 */
export function CompanyList() {
  const { t } = useTranslation();
  const list = useListState<TCompanySortField, TCompanyFilters, TCompany>(companyList);
  const companies = useFindCompanies(list.query);
  const scope = useCompanyScope();
  const status = queryStatus(companies);
  const columns = useCompanyColumns();
  const wide = useScreens().lg === true;
  const [form, setForm] = useState<{ open: boolean; company: TCompany | null }>({
    open: false,
    company: null,
  });
  const [deleting, setDeleting] = useState<TCompany | null>(null);
  const openForm = (company: TCompany | null) => setForm({ open: true, company });
  const shown = companies.data?.companyInfos ?? [];
  const all = scope.data ?? [];
  const actions = useCompanyActions({ onEdit: openForm, onDelete: setDeleting });
  const selectedId = list.state.filters.parentIds[0] ?? null;
  const selected = all.find((c) => c.companyId === selectedId) ?? null;
  const defaultParentId = selectedId ?? (actions.isAdmin ? null : actions.ownCompanyId);

  return (
    <>
      <PageHeader
        title={t('menu.companies')}
        subtitle={companies.data ? t('companies.total', { count: companies.data.totalCount }) : undefined}
        extra={
          actions.mayCreate ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="company-create"
              onClick={() => openForm(null)}
            >
              {t('companies.create')}
            </Button>
          ) : null
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xxl={6}>
          <Card
            size="small"
            title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('companies.hierarchy')}</h2>}
            styles={{ body: { maxHeight: wide ? 'calc(100vh - 220px)' : 320, overflow: 'auto' } }}
          >
            <CompanyTree
              companies={all}
              loading={scope.isLoading}
              error={scope.isError ? scope.error : null}
              onRetry={() => void scope.refetch()}
              search={list.state.search}
              selectedId={selectedId}
              onSelect={(id) => list.update({ filters: { parentIds: id === null ? [] : [id] } })}
            />
          </Card>
        </Col>
        <Col xs={24} lg={16} xxl={18} style={{ minWidth: 0 }}>
          <ListToolbar list={list} status={status} marginBottom={12}>
            <CompanyFilters state={list.state} onChange={list.update} />
          </ListToolbar>
          {selectedId !== null ? (
            <Flex
              wrap
              gap={8}
              align="center"
              style={{ marginBottom: 12 }}
              role="status"
              data-testid="company-under"
            >
              <Typography.Text>
                {t('companies.under', { name: selected?.companyName ?? `#${selectedId}` })}
              </Typography.Text>
              {selected && actions.mayUpdate ? (
                <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => openForm(selected)}>
                  {t('companies.editSelected', { name: selected.companyName })}
                </Button>
              ) : null}
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined aria-hidden />}
                onClick={() => list.update({ filters: { parentIds: [] } })}
              >
                {t('companies.showAll')}
              </Button>
            </Flex>
          ) : null}
          <DataTable
            list={list}
            caption={t('menu.companies')}
            testId="company-table"
            rowKey={(c) => c.companyId}
            rowLabel={(c) => c.companyName}
            columns={columns}
            rows={shown}
            total={companies.data?.totalCount ?? 0}
            status={status}
            actions={actions.rowActions}
            stackBelow="xl"
            empty={{
              text: t('companies.empty'),
              filteredText: t('companies.emptyFiltered'),
              create: actions.mayCreate
                ? { label: t('companies.create'), onClick: () => openForm(null) }
                : undefined,
            }}
          />
        </Col>
      </Row>
      <CompanyForm
        open={form.open}
        company={form.company}
        companies={all}
        defaultParentId={defaultParentId}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
      <CompanyDeleteDialog
        company={deleting}
        companies={all}
        isAdmin={actions.isAdmin}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          if (deleting && deleting.companyId === selectedId) list.update({ filters: { parentIds: [] } });
          else list.pageBackIfEmptied(1, shown.length);
        }}
      />
    </>
  );
}
