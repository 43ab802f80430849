import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Progress, Table, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import type { TListKind } from '../api/export-price-list.ts';
import { afterPriceListChange, type TPriceListSummary } from '../api/find-price-lists.ts';
import { importPriceList } from '../api/import-price-list.ts';
import { importErrorsOf, type TImportErrorRow } from './import-errors.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type TState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number; name: string }
  | { phase: 'reading'; name: string }
  | { phase: 'failed'; rows: TImportErrorRow[]; notes: string[]; status: number };

export type TPriceListImportProps = {
  priceListId: number;
  kind: TListKind;
  disabled?: boolean;
  onImported: (list: TPriceListSummary) => void;
};

/**
 * Drop (or choose) an .xlsx to replace the list's items: a progress bar while it uploads, then
 * the server reads and checks every row. A refused file changes nothing and its bad cells are
 * listed by row and column with the reason in the reader's language.
 */
export function PriceListImport({ priceListId, kind, disabled, onImported }: TPriceListImportProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<TState>({ phase: 'idle' });
  const busy = state.phase === 'uploading' || state.phase === 'reading';
  const abort = useRef<AbortController | null>(null);
  const queryClient = useQueryClient();

  const start = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.xlsx') && file.type !== XLSX_TYPE) {
      setState({ phase: 'failed', rows: [], notes: [t('priceLists.import.notXlsx')], status: 415 });
      return;
    }
    abort.current = new AbortController();
    setState({ phase: 'uploading', percent: 0, name: file.name });
    try {
      const list = await importPriceList(priceListId, kind, file, {
        signal: abort.current.signal,
        onProgress: ({ loaded, total }) => {
          const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
          setState(
            percent >= 100
              ? { phase: 'reading', name: file.name }
              : { phase: 'uploading', percent, name: file.name },
          );
        },
      });
      // The answer is the list with its item count (and first page); the editor reads its pages again.
      void afterPriceListChange(queryClient);
      setState({ phase: 'idle' });
      onImported(list);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        setState({ phase: 'idle' });
        return;
      }
      if (isApiError(error)) {
        const notes =
          error.status === 415
            ? [t('priceLists.import.notXlsx')]
            : error.status === 413
              ? [t('priceLists.import.tooLarge')]
              : undefined;
        const found = importErrorsOf(t, error);
        setState({
          phase: 'failed',
          rows: found.rows,
          notes: notes ?? found.notes,
          status: error.status,
        });
      } else setState({ phase: 'failed', rows: [], notes: [t('errors.requestFailed')], status: 0 });
    }
  };

  return (
    <div data-testid="price-list-import">
      <Upload.Dragger
        accept={`.xlsx,${XLSX_TYPE}`}
        multiple={false}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          void start(file);
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
      {state.phase === 'uploading' || state.phase === 'reading' ? (
        <div role="status" style={{ marginTop: 8 }} data-testid="price-list-import-progress">
          <Typography.Text>
            {state.phase === 'uploading'
              ? t('priceLists.import.uploading', { name: state.name })
              : t('priceLists.import.reading', { name: state.name })}
          </Typography.Text>
          <Progress
            percent={state.phase === 'uploading' ? state.percent : 100}
            status="active"
            aria-label={t('priceLists.import.progress')}
          />
        </div>
      ) : null}
      {state.phase === 'failed' ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          data-testid="price-list-import-failed"
          title={t('priceLists.import.failed')}
          description={
            <>
              <Typography.Paragraph style={{ marginBottom: 8 }}>
                {t('priceLists.import.nothingChanged')}
              </Typography.Paragraph>
              {state.notes.map((note) => (
                <Typography.Paragraph key={note} style={{ marginBottom: 8 }}>
                  {note}
                </Typography.Paragraph>
              ))}
              {state.rows.length > 0 ? (
                <Table<TImportErrorRow>
                  size="small"
                  rowKey="key"
                  pagination={state.rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                  dataSource={state.rows}
                  // Fixed columns wrap long reasons, so a phone needs no sideways scroll here.
                  tableLayout="fixed"
                  data-testid="price-list-import-errors"
                  columns={[
                    { key: 'row', dataIndex: 'row', title: t('priceLists.import.row'), width: 64 },
                    { key: 'column', dataIndex: 'column', title: t('priceLists.import.column') },
                    { key: 'reason', dataIndex: 'reason', title: t('priceLists.import.reason') },
                  ]}
                />
              ) : null}
            </>
          }
        />
      ) : null}
    </div>
  );
}
