import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Form, Select, theme, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { exportPriceList } from '../api/export-price-list.ts';
import { getPriceList, type TPriceListSummary, usePriceList } from '../api/find-price-lists.ts';
import { useListOptions } from '../api/list-options.ts';
import { useDeletePriceLists, useSavePriceList } from '../api/save-price-lists.ts';
import {
  CODE_MAX,
  DESCRIPTION_MAX,
  inPlaceOf,
  itemDraftOf,
  listDraftOf,
  listInputOf,
  type TItemDraft,
  type TPriceListDraft,
  validateItems,
} from './price-draft.ts';
import { PriceItemGrid } from './price-item-grid.tsx';
import { PriceListImport } from './price-list-import.tsx';
import { HeaderSwitch, HeaderText } from '../../../shared/ui/header-fields.tsx';
import { SaveBar } from '../../../shared/ui/save-bar.tsx';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard.tsx';
import { RecordRoute } from '../../../shared/ui/record-route.tsx';
import { ConfirmDeleteButton } from '../../../shared/ui/confirm-delete-button.tsx';

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
  const [saved, setSaved] = useState(list);
  const [header, setHeader] = useState(() => listDraftOf(list));
  const [savedRows, setSavedRows] = useState<TItemDraft[]>(() =>
    (list?.priceItemInfos ?? []).map(itemDraftOf),
  );
  const [rows, setRowsState] = useState(savedRows);
  const [itemsDirty, setItemsDirty] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [exporting, setExporting] = useState(false);
  const original = useMemo(() => listDraftOf(saved), [saved]);
  const dirty = mayEdit && (saved === null || itemsDirty || !sameHeader(header, original));
  const guard = useLeaveGuard(() => dirty && (saved !== null || itemsDirty || header.priceListCode !== ''), {
    text: t('priceLists.leaveText'),
    testId: 'price-list-confirm-leave',
  });
  const itemErrors = useMemo(() => (attempted ? validateItems(rows) : new Map()), [attempted, rows]);
  const codeMissing = attempted && header.priceListCode.trim() === '';
  const invalid = codeMissing || itemErrors.size > 0;

  const setRows = (next: TItemDraft[]) => {
    setRowsState(next);
    setItemsDirty(true);
  };
  const patchHeader = (patch: Partial<TPriceListDraft>) => setHeader((current) => ({ ...current, ...patch }));

  /** Takes `next` as the saved list with `items` as its saved rows. */
  const settle = (next: TPriceListSummary, items: TItemDraft[]) => {
    setSaved(next);
    setHeader(listDraftOf(next));
    setSavedRows(items);
    setRowsState(items);
    setItemsDirty(false);
    setAttempted(false);
  };

  const cancel = () => {
    setHeader(listDraftOf(saved));
    setRowsState(savedRows);
    setItemsDirty(false);
    setAttempted(false);
  };

  const submit = async () => {
    if (save.isPending || !dirty) return;
    setAttempted(true);
    if (header.priceListCode.trim() === '' || validateItems(rows).size > 0) return;
    try {
      const input = listInputOf(
        header,
        rows,
        saved ? { priceListId: saved.priceListId, rows: savedRows } : undefined,
      );
      const next = await save.mutateAsync(input);
      if (!next) return;
      if (!saved) {
        toast.success(t('priceLists.created'));
        guard.allowNext();
        void navigate(`/price-lists/${next.priceListId}`, { replace: true });
        return;
      }
      // The answer has no items, and added items got their ids: read them again.
      const fresh = input.priceItemChanges ? await getPriceList(next.priceListId) : null;
      settle(next, fresh ? inPlaceOf(rows, fresh.priceItemInfos.map(itemDraftOf)) : rows);
      toast.success(t('priceLists.saved', { count: next.itemCount }));
    } catch {
      // The API client shows why (a taken code, a repeated order number, a reference not in its list).
    }
  };

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
              maxLength={CODE_MAX}
              readOnly={!mayEdit}
              required={mayEdit}
              error={codeMissing ? t('priceLists.codeRequired') : undefined}
              onChange={(priceListCode) => patchHeader({ priceListCode })}
            />
            <HeaderText
              id="price-list-description"
              label={t('priceLists.description')}
              value={header.priceListDescription}
              maxLength={DESCRIPTION_MAX}
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
        {t('priceLists.grid.titleCount', { count: rows.length })}
      </Typography.Title>
      <PriceItemGrid
        rows={rows}
        onChange={setRows}
        onReorder={setRowsState}
        errors={itemErrors}
        readOnly={!mayEdit}
        units={{ options: units.data ?? [], loading: units.isLoading }}
        currencies={{ options: currencies.data ?? [], loading: currencies.isLoading }}
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
              priceListId={saved.priceListId}
              kind={saved.isPartList ? 'partlist' : 'pricelist'}
              onImported={(next) => {
                settle(next, next.priceItemInfos.map(itemDraftOf));
                toast.success(t('priceLists.import.done', { count: next.priceItemInfos.length }));
              }}
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
          onCancel={cancel}
          onSave={() => void submit()}
        />
      ) : null}
      {guard.dialog}
    </>
  );
}
