import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  PLACEMENT_RULE_IMPORT_MAX_BYTES,
  type TPlacementRuleImportAnswer,
  type TPlacementRuleImportCounts,
  type TPlacementRuleSheetFormat,
} from '@portal/contract';
import { Alert, Button, Descriptions, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../shared/api/api-error.ts';
import { useNumberFormat } from '../../../../shared/i18n/number-format.ts';
import { toast } from '../../../../shared/toast/toast-store.ts';
import { exportRules, type TRuleExportFilters } from '../../api/export-rules.ts';
import { importRules } from '../../api/import-rules.ts';
import { SheetErrorsAlert } from '../../../../shared/sheets/sheet-errors-alert.tsx';
import type { TSheetErrorRow } from '../../../../shared/sheets/sheet-errors.ts';
import { transferErrorsOf } from './transfer-errors.ts';

const ACCEPT = '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const COUNTS = ['rows', 'created', 'updated', 'unchanged'] as const;

type TState =
  | { phase: 'idle' }
  | { phase: 'checking' | 'importing'; name: string }
  | { phase: 'confirm'; file: File; counts: TPlacementRuleImportCounts }
  | { phase: 'failed'; rows: TSheetErrorRow[]; notes: string[] }
  | { phase: 'imported'; counts: TPlacementRuleImportCounts };

export type TRuleTransferProps = {
  /** The table's filters: the export writes the rules they keep. */
  filters?: TRuleExportFilters;
  /** Offer the import (callers without content create rights see the export only). */
  canImport?: boolean;
  /** After an import wrote rules: the table reads its page again. */
  onImported?: (answer: TPlacementRuleImportAnswer) => void;
};

/**
 * Export the rules as .xlsx or CSV, and import such a file: the server first checks every row and
 * counts what it would create, change and leave (a dry run that writes nothing), the person
 * confirms with those counts, then the file is imported as a whole. A refused file changes
 * nothing: its bad cells are listed by row and column, brought into view and announced.
 */
export function RuleTransfer({ filters, canImport = true, onImported }: TRuleTransferProps) {
  const { t, i18n } = useTranslation();
  const format = useNumberFormat();
  const [state, setState] = useState<TState>({ phase: 'idle' });
  const [exporting, setExporting] = useState<TPlacementRuleSheetFormat | null>(null);
  const busy = state.phase === 'checking' || state.phase === 'importing';

  const fail = (error: unknown) => {
    toast.error(t('placementRules.transfer.failed'));
    setState(
      isApiError(error)
        ? { phase: 'failed', ...transferErrorsOf(t, i18n.resolvedLanguage ?? i18n.language, error) }
        : { phase: 'failed', rows: [], notes: [t('errors.requestFailed')] },
    );
  };

  const check = async (file: File) => {
    if (file.size > PLACEMENT_RULE_IMPORT_MAX_BYTES) {
      toast.error(t('placementRules.transfer.failed'));
      setState({ phase: 'failed', rows: [], notes: [t('placementRules.transfer.tooLarge')] });
      return;
    }
    setState({ phase: 'checking', name: file.name });
    try {
      const answer = await importRules(file, true);
      setState({ phase: 'confirm', file, counts: answer.importCounts });
    } catch (error) {
      fail(error);
    }
  };

  const apply = async (file: File) => {
    setState({ phase: 'importing', name: file.name });
    try {
      const answer = await importRules(file, false);
      setState({ phase: 'imported', counts: answer.importCounts });
      toast.success(t('placementRules.transfer.done', answer.importCounts));
      onImported?.(answer);
    } catch (error) {
      fail(error);
    }
  };

  const download = async (sheet: TPlacementRuleSheetFormat) => {
    setExporting(sheet);
    try {
      await exportRules(sheet, filters);
    } catch {
      toast.error(t('placementRules.transfer.exportFailed'));
    } finally {
      setExporting(null);
    }
  };

  const countList = (counts: TPlacementRuleImportCounts, prefix: string) =>
    COUNTS.map((key) => ({
      key,
      label: t(`placementRules.transfer.counts.${key}`),
      children: <span data-testid={`${prefix}-${key}`}>{format.number(counts[key])}</span>,
    }));

  return (
    <div data-testid="rule-transfer">
      <Space wrap>
        {(['xlsx', 'csv'] as const).map((sheet) => (
          <Button
            key={sheet}
            icon={<DownloadOutlined aria-hidden />}
            loading={exporting === sheet}
            disabled={exporting !== null}
            onClick={() => void download(sheet)}
            data-testid={`rule-export-${sheet}`}
          >
            {t(`placementRules.transfer.export.${sheet}`)}
          </Button>
        ))}
        {canImport ? (
          <Upload
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void check(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />} loading={busy} data-testid="rule-import">
              {t('placementRules.transfer.import')}
            </Button>
          </Upload>
        ) : null}
      </Space>
      {busy ? (
        <Typography.Paragraph role="status" style={{ marginTop: 8 }} data-testid="rule-import-progress">
          {t(`placementRules.transfer.${state.phase}`, { name: state.name })}
        </Typography.Paragraph>
      ) : null}
      <Modal
        open={state.phase === 'confirm'}
        title={t('placementRules.transfer.confirmTitle')}
        okText={t('placementRules.transfer.confirmOk')}
        cancelText={t('common.cancel')}
        okButtonProps={{
          'data-testid': 'rule-import-confirm',
          disabled: state.phase === 'confirm' && state.counts.created + state.counts.updated === 0,
        }}
        onOk={() => {
          if (state.phase === 'confirm') void apply(state.file);
        }}
        onCancel={() => setState({ phase: 'idle' })}
        destroyOnHidden
      >
        {state.phase === 'confirm' ? (
          <div data-testid="rule-import-preview">
            <Typography.Paragraph>
              {state.counts.created + state.counts.updated === 0
                ? t('placementRules.transfer.nothingToDo')
                : t('placementRules.transfer.confirmText')}
            </Typography.Paragraph>
            <Descriptions size="small" column={1} bordered items={countList(state.counts, 'rule-import')} />
          </div>
        ) : null}
      </Modal>
      {state.phase === 'imported' ? (
        <Alert
          type="success"
          showIcon
          role="status"
          closable
          onClose={() => setState({ phase: 'idle' })}
          style={{ marginTop: 8 }}
          data-testid="rule-import-done"
          title={t('placementRules.transfer.done', state.counts)}
        />
      ) : null}
      {state.phase === 'failed' ? (
        <SheetErrorsAlert
          prefix="placementRules.transfer"
          rows={state.rows}
          notes={state.notes}
          testId="rule-import"
          onClose={() => setState({ phase: 'idle' })}
        />
      ) : null}
    </div>
  );
}
