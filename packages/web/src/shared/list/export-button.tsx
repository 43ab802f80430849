import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error.ts';
import { toast } from '../toast/toast-store.ts';
import {
  downloadText,
  exportFileName,
  fetchAllPages,
  type TCsvColumn,
  type TPageFetcher,
  toCsv,
} from './list-export.ts';

export type TExportButtonProps<T> = {
  /** One page of the current find request (same search, filters and sort). */
  fetchPage: TPageFetcher<T>;
  /** Builds the columns when the export runs, so headers are in the reader's language. */
  columns: () => TCsvColumn<T>[];
  /** File name stem: `users` gives `users-2026-11-23.csv`. */
  name: string;
  label: string;
  hint: string;
  disabled?: boolean;
};

/** Exports the whole filtered result (every page, not only the one on screen) as a UTF-8 CSV file. */
export function ExportButton<T>({ fetchPage, columns, name, label, hint, disabled }: TExportButtonProps<T>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const rows = await fetchAllPages(fetchPage);
      downloadText(exportFileName(name), toCsv(rows, columns()));
      toast.success(t('list.exported', { count: rows.length }));
    } catch (error) {
      toast.error(isApiError(error) ? error.displayMessage : t('errors.requestFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip title={hint}>
      <Button
        icon={<DownloadOutlined />}
        loading={busy}
        disabled={disabled}
        onClick={() => void run()}
        data-testid="list-export"
      >
        {label}
      </Button>
    </Tooltip>
  );
}
