import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Select, theme, Typography } from 'antd';
import { type TPriceListGetRequest, ZPriceListInput } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { exportPriceList } from '../api/export-price-list.ts';
import {
  FIRST_ITEMS,
  priceListPagesKey,
  type TPriceListSummary,
  usePriceList,
  usePriceListItems,
} from '../api/find-price-lists.ts';
import { useListOptions } from '../api/list-options.ts';
import { useDeletePriceLists, useSavePriceList } from '../api/save-price-lists.ts';
import {
  draftRows,
  hasEdits,
  itemDraftOf,
  listDraftOf,
  listInputOf,
  NO_EDITS,
  shownRows,
  type TItemsDraft,
  type TPriceListDraft,
  validateItems,
  withEdit,
  withNewRow,
  withoutRows,
} from './price-draft.ts';
import { PriceItemGrid, type TItemSort } from './price-item-grid.tsx';
import { PriceListImport } from './price-list-import.tsx';
import { HeaderSwitch, HeaderText } from '../../../shared/ui/header-fields.tsx';
import { SaveBar } from '../../../shared/ui/save-bar.tsx';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard.tsx';
import { RecordRoute } from '../../../shared/ui/record-route.tsx';
import { ConfirmDeleteButton } from '../../../shared/ui/confirm-delete-button.tsx';
import { serverFieldErrors } from '../../../shared/ui/server-field-errors.ts';

/** The server's fields the editor's header shows errors at. */
const CODE_FIELD = { priceListCode: 'priceListCode' } as const;

/** #/price-lists/new and #/price-lists/:id: a price list, its items grid, import and export. */
export function PriceListEditor() {
  const { t } = useTranslation();
  return (
    <RecordRoute
      useRecord={usePriceList}
      notFound={{
        title: t('priceLists.notFound'),
        backTo: '/price-lists',
        backLabel: t('priceLists.backToLists'),
      }}
      loadingText={t('priceLists.loadingItems')}
    >
      {(list, id) => <PriceListForm key={id ?? 'new'} list={list} />}
    </RecordRoute>
  );
}

function sameHeader(a: TPriceListDraft, b: TPriceListDraft): boolean {
  return (Object.keys(a) as (keyof TPriceListDraft)[]).every((key) => a[key] === b[key]);
}

/** The editor of one list (or of a new one); `key`ed by id, so a saved new list starts afresh. */
export function PriceListForm({ list }: { list: TPriceListSummary | null }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const session = useSession();
  const isAdmin = can(session, 'adminmanagement.read');
  const mayTouch = list === null || list.companyId !== null || isAdmin;
  const mayEdit =
    mayTouch &&
    (list === null ? can(session, 'contentmanagement.create') : can(session, 'contentmanagement.update'));
  const mayDelete = mayTouch && can(session, 'contentmanagement.delete');
  const save = useSavePriceList();
  const removeList = useDeletePriceLists();
  const units = useListOptions('unitlist');
  const currencies = useListOptions('currencylist');
  const materials = useListOptions('materiallist');
  const componentTypes = useListOptions('componenttype');
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(list);
  const [header, setHeader] = useState(() => listDraftOf(list));
  // The items stay on the server: the grid shows one page of them, the draft holds only the edits.
  const [draft, setDraft] = useState<TItemsDraft>(NO_EDITS);
  const [query, setQuery] = useState<TPriceListGetRequest>(FIRST_ITEMS);
  const [sort, setSort] = useState<TItemSort>(null);
  const [attempted, setAttempted] = useState(false);
  const [exporting, setExporting] = useState(false);
  const items = usePriceListItems(saved?.priceListId ?? null, query);
  const page = useMemo(() => (items.data?.list.priceItemInfos ?? []).map(itemDraftOf), [items.data]);
  const rows = useMemo(() => shownRows(draft, page), [draft, page]);
  const itemsDirty = useMemo(() => hasEdits(draft), [draft]);
  const original = useMemo(() => listDraftOf(saved), [saved]);
  // Against what was loaded or last saved (a blank draft for a new list): a fresh form is clean.
  const dirty = mayEdit && (itemsDirty || !sameHeader(header, original));
  const [codeTaken, setCodeTaken] = useState<string | undefined>(undefined);
  const guard = useLeaveGuard(() => dirty, {
    text: t('priceLists.leaveText'),
    testId: 'price-list-confirm-leave',
  });
  // The rows shown and every row the draft holds (on other pages too): what a save would send.
  const checked = useMemo(() => {
    const byKey = new Map([...rows, ...draftRows(draft)].map((row) => [row.key, row]));
    return [...byKey.values()];
  }, [rows, draft]);
  const itemErrors = useMemo(() => (attempted ? validateItems(checked) : new Map()), [attempted, checked]);
  const codeMissing = attempted && header.priceListCode.trim() === '';
  const invalid = codeMissing || itemErrors.size > 0;
  const itemCount = (saved?.itemCount ?? 0) + draft.added.length - draft.removed.size;

  const patchHeader = (patch: Partial<TPriceListDraft>) => {
    if (patch.priceListCode !== undefined) setCodeTaken(undefined);
    setHeader((current) => ({ ...current, ...patch }));
  };

  /** Takes `next` as the saved list and reads the page shown again (its items as now stored). */
  const settle = async (next: TPriceListSummary) => {
    await queryClient.invalidateQueries({ queryKey: priceListPagesKey(next.priceListId) });
    setSaved(next);
    setHeader(listDraftOf(next));
    setDraft(NO_EDITS);
    setAttempted(false);
  };

  const cancel = () => {
    setCodeTaken(undefined);
    setHeader(listDraftOf(saved));
    setDraft(NO_EDITS);
    setAttempted(false);
  };

  const submit = async () => {
    if (save.isPending || !dirty) return;
    setAttempted(true);
    if (header.priceListCode.trim() === '' || validateItems(checked).size > 0) return;
    try {
      const next = await save.mutateAsync(listInputOf(header, draft, saved?.priceListId));
      if (!next) return;
      if (!saved) {
        toast.success(t('priceLists.created'));
        guard.allowNext();
        void navigate(`/price-lists/${next.priceListId}`, { replace: true });
        return;
      }
      await settle(next);
      toast.success(t('priceLists.saved', { count: next.itemCount }));
    } catch (error) {
      // The API client shows why (a taken code, a repeated order number, a reference not in its list);
      // a taken code also shows at its field.
      setCodeTaken(serverFieldErrors(error, CODE_FIELD).get('priceListCode')?.[0]);
    }
  };

  /** Another page, page size, order or search of the saved items; the edits stay in the draft. */
  const browse = (patch: Partial<TPriceListGetRequest>) =>
    setQuery((current) => ({ ...current, page: 1, ...patch }));

  const exportNow = async () => {
    if (!saved) return;
    setExporting(true);
    try {
      await exportPriceList(
        saved.priceListId,
        saved.isPartList ? 'partlist' : 'pricelist',
        saved.priceListCode,
      );
    } catch {
      toast.error(t('priceLists.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const deleteNow = async () => {
    if (!saved) return;
    try {
      await removeList.mutateAsync([saved.priceListId]);
      toast.success(t('priceLists.deleted', { code: saved.priceListCode }));
      guard.allowNext();
      void navigate('/price-lists');
    } catch {
      // The API client shows why.
    }
  };

  const choice = (
    id: string,
    label: string,
    value: number | null,
    source: typeof materials,
    onChange: (value: number | null) => void,
  ) => (
    <Form.Item label={label} htmlFor={id} style={{ flex: '1 1 200px', marginBottom: 8 }}>
      <Select<number>
        id={id}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={source.isLoading}
        disabled={!mayEdit}
        value={value ?? undefined}
        options={(source.data ?? []).map((o) => ({ value: o.id, label: `${o.code} – ${o.description}` }))}
        onChange={(next: number | undefined) => onChange(next ?? null)}
        data-testid={id}
      />
    </Form.Item>
  );

  const flag = (
    id: string,
    label: string,
    key: 'active' | 'isPartList' | 'isDefaultList' | 'isTemplateList',
  ) => (
    <HeaderSwitch
      id={id}
      label={label}
      checked={header[key]}
      disabled={!mayEdit}
      onChange={(checked) => patchHeader({ [key]: checked })}
    />
  );

  return (
    <>
      <PageHeader
        title={saved ? saved.priceListCode : t('priceLists.createTitle')}
        subtitle={saved ? (saved.priceListDescription ?? undefined) : undefined}
        extra={
          <>
            <Link to="/price-lists">
              <Button icon={<ArrowLeftOutlined />}>{t('priceLists.backToLists')}</Button>
            </Link>
            {saved ? (
              <Button
                icon={<DownloadOutlined />}
                loading={exporting}
                onClick={() => void exportNow()}
                data-testid="price-list-export"
              >
                {t('priceLists.export')}
              </Button>
            ) : null}
            {saved && mayDelete ? (
              <ConfirmDeleteButton
                title={t('priceLists.deleteTitle', { code: saved.priceListCode })}
                description={t('priceLists.deleteWarning', { count: saved.itemCount })}
                onConfirm={deleteNow}
                loading={removeList.isPending}
                testId="price-list-delete"
              />
            ) : null}
          </>
        }
      />
      {!mayEdit ? (
        <Alert type="info" showIcon title={t('priceLists.readOnly')} style={{ marginBottom: 16 }} />
      ) : null}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form layout="vertical" component="div" requiredMark={mayEdit ? undefined : false}>
          <Flex wrap gap={16}>
            <HeaderText
              id="price-list-code"
              label={t('priceLists.code')}
              value={header.priceListCode}
              schema={ZPriceListInput.in.shape.priceListCode}
              readOnly={!mayEdit}
              required={mayEdit}
              error={codeMissing ? t('priceLists.codeRequired') : codeTaken}
              onChange={(priceListCode) => patchHeader({ priceListCode })}
            />
            <HeaderText
              id="price-list-description"
              label={t('priceLists.description')}
              value={header.priceListDescription}
              schema={ZPriceListInput.in.shape.priceListDescription}
              readOnly={!mayEdit}
              grow="text"
              onChange={(priceListDescription) => patchHeader({ priceListDescription })}
            />
          </Flex>
          <Flex wrap gap={16}>
            {choice(
              'price-list-material',
              t('priceLists.material'),
              header.materialId,
              materials,
              (materialId) => patchHeader({ materialId }),
            )}
            {choice(
              'price-list-component-type',
              t('priceLists.componentType'),
              header.componentTypeId,
              componentTypes,
              (componentTypeId) => patchHeader({ componentTypeId }),
            )}
          </Flex>
          <Flex wrap gap={24}>
            {flag('price-list-active', t('priceLists.active'), 'active')}
            {flag('price-list-part', t('priceLists.partList'), 'isPartList')}
            {flag('price-list-default', t('priceLists.defaultList'), 'isDefaultList')}
            {flag('price-list-template', t('priceLists.templateList'), 'isTemplateList')}
          </Flex>
        </Form>
      </Card>
      <Typography.Title level={2} style={{ fontSize: token.fontSizeLG, marginTop: 0 }}>
        {t('priceLists.grid.titleCount', { count: itemCount })}
      </Typography.Title>
      {saved && draft.added.length > 0 ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('priceLists.grid.addedFirst')}
        </Typography.Paragraph>
      ) : null}
      <PriceItemGrid
        rows={rows}
        onEdit={(row, patch) => setDraft((current) => withEdit(current, row, patch))}
        onAdd={() => {
          const [next, row] = withNewRow(draft);
          setDraft(next);
          return row.key;
        }}
        onRemove={(keys) => setDraft((current) => withoutRows(current, keys))}
        errors={itemErrors}
        readOnly={!mayEdit}
        units={{ options: units.data ?? [], loading: units.isLoading }}
        currencies={{ options: currencies.data ?? [], loading: currencies.isLoading }}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          browse({
            sort: next ? [{ field: next.field, dir: next.dir === 'ascend' ? 'asc' : 'desc' }] : undefined,
          });
        }}
        loading={items.isFetching}
        {...(saved
          ? {
              search: { value: query.search ?? '', onChange: (search: string) => browse({ search }) },
              paging: {
                page: query.page ?? 1,
                pageSize: query.pageSize ?? FIRST_ITEMS.pageSize!,
                total: items.data?.totalCount ?? 0,
                onChange: (next: number, pageSize: number) =>
                  browse({ page: pageSize === query.pageSize ? next : 1, pageSize }),
              },
            }
          : {})}
      />
      {saved && mayEdit ? (
        <Card size="small" style={{ marginTop: 16 }} title={t('priceLists.import.title')}>
          {dirty ? (
            // A greyed-out drop zone reads poorly (and fails contrast): say what to do instead.
            <Typography.Paragraph data-testid="price-list-import-save-first" style={{ marginBottom: 0 }}>
              {t('priceLists.import.saveFirst')}
            </Typography.Paragraph>
          ) : (
            <PriceListImport
              list={saved}
              kind={saved.isPartList ? 'partlist' : 'pricelist'}
              onImported={(next) => void settle(next)}
            />
          )}
        </Card>
      ) : null}
      {mayEdit ? (
        <SaveBar
          testId="price-list"
          dirty={dirty}
          busy={save.isPending}
          error={
            invalid
              ? itemErrors.size > 0
                ? t('priceLists.rowsWithErrors', { count: itemErrors.size })
                : t('priceLists.fixErrors')
              : null
          }
          unsavedText={t('priceLists.unsaved')}
          saveNeedsChange
          onCancel={cancel}
          onSave={() => void submit()}
        />
      ) : null}
      {guard.dialog}
    </>
  );
}
