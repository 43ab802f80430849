import { InboxOutlined } from '@ant-design/icons';
import type { TPriceImportPreview, TPriceItem } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Progress, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useNumberFormat } from '../../../shared/i18n/number-format.ts';
import { toast } from '../../../shared/toast/toast-store.ts';
import type { TListKind } from '../api/export-price-list.ts';
import { afterPriceListChange, type TPriceListSummary } from '../api/find-price-lists.ts';
import { importPriceList, previewPriceListImport } from '../api/import-price-list.ts';
import { readAllPriceItems } from '../api/read-price-items.ts';
import { restorePriceItems } from '../api/save-price-lists.ts';
import { SheetErrorsAlert } from '../../../shared/sheets/sheet-errors-alert.tsx';
import type { TSheetErrorRow } from '../../../shared/sheets/sheet-errors.ts';
import { importErrorsOf } from './import-errors.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The longest list whose items are kept in the browser for an import's undo: ten reads of 1,000,
 * some 5 MB. A longer list says before the import that it cannot be undone.
 */
export const UNDO_MAX_ITEMS = 10_000;
/** How long an import can be undone. */
export const UNDO_SECONDS = 30;

/** The items before an import: read (to put back), or why they cannot be. */
type TPrevious = { items: TPriceItem[] } | { reason: 'tooLong' | 'unreadable' };

type TState =
  | { phase: 'idle' }
  | { phase: 'checking' | 'uploading'; percent: number; name: string }
  | { phase: 'reading'; name: string }
  | { phase: 'confirm'; file: File; preview: TPriceImportPreview }
  | { phase: 'failed'; rows: TSheetErrorRow[]; notes: string[]; status: number }
  | { phase: 'imported'; count: number; previous: TPrevious }
  | { phase: 'undoing'; count: number; previous: { items: TPriceItem[] } };

export type TPriceListImportProps = {
  /** The list the file goes into, as the editor holds it (its fields are kept by an undo). */
  list: TPriceListSummary;
  kind: TListKind;
  disabled?: boolean;
  /** The list after an import, or after its undo. */
  onImported: (list: TPriceListSummary) => void;
};

/** The items of a list before an import, if it is short enough to keep them. */
async function previousItemsOf(list: TPriceListSummary): Promise<TPrevious> {
  if (list.itemCount > UNDO_MAX_ITEMS) return { reason: 'tooLong' };
  try {
    return { items: await readAllPriceItems(list.priceListId, list.itemCount) };
  } catch {
    return { reason: 'unreadable' };
  }
}

/**
 * Drop (or choose) an .xlsx to replace the list's items. The server first checks every row and
 * counts what would be added, changed and removed, changing nothing; the person confirms with
 * those counts, and then the file is imported. For a while the import can be undone: the items it
 * replaced are saved back. A refused file changes nothing: its bad cells are listed by row and
 * column, brought into view and announced.
 */
export function PriceListImport({ list, kind, disabled, onImported }: TPriceListImportProps) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const [state, setState] = useState<TState>({ phase: 'idle' });
  const busy =
    state.phase === 'checking' ||
    state.phase === 'uploading' ||
    state.phase === 'reading' ||
    state.phase === 'undoing';
  const abort = useRef<AbortController | null>(null);
  const previous = useRef<Promise<TPrevious> | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (state.phase !== 'imported') return;
    const timer = setTimeout(() => setState({ phase: 'idle' }), UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [state]);

  const fail = (error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') {
      setState({ phase: 'idle' });
      return;
    }
    toast.error(t('priceLists.import.failed'));
    if (isApiError(error)) {
      const notes =
        error.status === 415
          ? [t('priceLists.import.notXlsx')]
          : error.status === 413
            ? [t('priceLists.import.tooLarge')]
            : undefined;
      const found = importErrorsOf(t, error);
      setState({ phase: 'failed', rows: found.rows, notes: notes ?? found.notes, status: error.status });
    } else setState({ phase: 'failed', rows: [], notes: [t('errors.requestFailed')], status: 0 });
  };

  const progress = (phase: 'checking' | 'uploading', name: string) => ({
    signal: abort.current?.signal,
    onProgress: ({ loaded, total }: { loaded: number; total: number }) => {
      const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
      setState(
        percent >= 100 && phase === 'uploading' ? { phase: 'reading', name } : { phase, percent, name },
      );
    },
  });

  /** Checks the file and asks, with what it would change. */
  const check = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.xlsx') && file.type !== XLSX_TYPE) {
      toast.error(t('priceLists.import.failed'));
      setState({ phase: 'failed', rows: [], notes: [t('priceLists.import.notXlsx')], status: 415 });
      return;
    }
    abort.current = new AbortController();
    setState({ phase: 'checking', percent: 0, name: file.name });
    try {
      const preview = await previewPriceListImport(
        list.priceListId,
        kind,
        file,
        progress('checking', file.name),
      );
      // Read while the person decides: the items must be kept before the import replaces them.
      previous.current = previousItemsOf(list);
      setState({ phase: 'confirm', file, preview });
    } catch (error) {
      fail(error);
    }
  };

  const apply = async (file: File) => {
    // The confirmation closes at once (a second click finds nothing to press).
    setState({ phase: 'uploading', percent: 0, name: file.name });
    const before = (await previous.current) ?? { reason: 'unreadable' as const };
    abort.current = new AbortController();
    try {
      const next = await importPriceList(list.priceListId, kind, file, progress('uploading', file.name));
      // The answer is the list with its item count (and first page); the editor reads its pages again.
      void afterPriceListChange(queryClient);
      setState({ phase: 'imported', count: next.itemCount, previous: before });
      onImported(next);
      toast.success(t('priceLists.import.done', { count: next.itemCount }));
    } catch (error) {
      fail(error);
    }
  };

  const undo = async (items: TPriceItem[], count: number) => {
    setState({ phase: 'undoing', count, previous: { items } });
    try {
      const restored = await restorePriceItems(list, items);
      void afterPriceListChange(queryClient);
      setState({ phase: 'idle' });
      if (restored) onImported(restored);
      toast.success(t('priceLists.import.undone', { count: items.length }));
    } catch {
      // The API client says why; the import stays, and so does the chance to undo it.
      setState({ phase: 'imported', count, previous: { items } });
    }
  };

  const preview = state.phase === 'confirm' ? state.preview : null;
  const undoNote =
    list.itemCount > UNDO_MAX_ITEMS
      ? t('priceLists.import.undoTooLong', { max: UNDO_MAX_ITEMS })
      : t('priceLists.import.undoFor', { seconds: UNDO_SECONDS });

  return (
    <div data-testid="price-list-import">
      <Upload.Dragger
        accept={`.xlsx,${XLSX_TYPE}`}
        multiple={false}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          void check(file);
          return Upload.LIST_IGNORE;
        }}
        data-testid="price-list-import-drop"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('priceLists.import.drop')}</p>
        <p className="ant-upload-hint">{t('priceLists.import.hint')}</p>
      </Upload.Dragger>
      {state.phase === 'checking' || state.phase === 'uploading' || state.phase === 'reading' ? (
        <div role="status" style={{ marginTop: 8 }} data-testid="price-list-import-progress">
          <Typography.Text>
            {state.phase === 'checking'
              ? t('priceLists.import.checking', { name: state.name })
              : state.phase === 'uploading'
                ? t('priceLists.import.uploading', { name: state.name })
                : t('priceLists.import.reading', { name: state.name })}
          </Typography.Text>
          <Progress
            percent={state.phase === 'reading' ? 100 : state.percent}
            status="active"
            aria-label={t('priceLists.import.progress')}
          />
        </div>
      ) : null}
      <Modal
        open={preview !== null}
        title={t('priceLists.import.confirmTitle')}
        okText={t('priceLists.import.confirmOk')}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': 'price-list-import-confirm' }}
        cancelButtonProps={{ 'data-testid': 'price-list-import-cancel' }}
        onOk={() => {
          if (state.phase === 'confirm') void apply(state.file);
        }}
        onCancel={() => {
          previous.current = null;
          setState({ phase: 'idle' });
        }}
        destroyOnHidden
      >
        {preview ? (
          <div data-testid="price-list-import-preview">
            <Typography.Paragraph>
              {t('priceLists.import.confirmText', { total: preview.rows, count: list.itemCount })}
            </Typography.Paragraph>
            <Descriptions
              size="small"
              column={1}
              bordered
              items={(['added', 'changed', 'removed', 'unchanged'] as const).map((key) => ({
                key,
                label: t(`priceLists.import.counts.${key}`),
                children: <span data-testid={`price-list-import-${key}`}>{format.number(preview[key])}</span>,
              }))}
            />
            <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>{undoNote}</Typography.Paragraph>
          </div>
        ) : null}
      </Modal>
      {state.phase === 'imported' || state.phase === 'undoing' ? (
        <Alert
          type="success"
          showIcon
          role="status"
          style={{ marginTop: 8 }}
          data-testid="price-list-import-done"
          title={t('priceLists.import.done', { count: state.count })}
          description={
            'items' in state.previous
              ? t('priceLists.import.undoFor', { seconds: UNDO_SECONDS })
              : state.previous.reason === 'tooLong'
                ? t('priceLists.import.undoTooLong', { max: UNDO_MAX_ITEMS })
                : t('priceLists.import.undoUnavailable')
          }
          action={
            'items' in state.previous ? (
              <Button
                size="small"
                loading={state.phase === 'undoing'}
                onClick={() => {
                  if ('items' in state.previous) void undo(state.previous.items, state.count);
                }}
                data-testid="price-list-import-undo"
              >
                {t('priceLists.import.undo')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {state.phase === 'failed' ? (
        <SheetErrorsAlert
          prefix="priceLists.import"
          rows={state.rows}
          notes={state.notes}
          testId="price-list-import"
        />
      ) : null}
    </div>
  );
}
