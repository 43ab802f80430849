import {
  FolderOpenOutlined,
  InboxOutlined,
  PauseOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { MAX_FAMILY_FILE_BYTES, type TFamilyBulkFileLine } from '@portal/contract';
import {
  Alert,
  Button,
  Flex,
  Form,
  Progress,
  Result,
  Table,
  theme,
  Typography,
  type TableColumnsType,
} from 'antd';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { can } from '../../../../shared/auth/session-store.ts';
import { useSession } from '../../../../shared/auth/use-session.ts';
import { StatusTag, type TStatusTone } from '../../../../shared/list/status-tag.tsx';
import { CompanyPicker } from '../../../../shared/ui/company-picker.tsx';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { formatFileSize } from '../page/family-format.ts';
import { totalsOf, type TBulkItem, type TBulkState } from './bulk-queue.ts';
import { droppedFiles } from './dropped-files.ts';
import { useBulkUpload } from './use-bulk-upload.ts';

/** One row of the table: a file sent, or an entry of a zip as the server answered it. */
type TRow = {
  key: string;
  name: string;
  archive?: string;
  catalog?: string;
  state: TBulkState;
  percent: number;
  line?: TFamilyBulkFileLine;
};

const STATE_TONES: Record<TBulkState, TStatusTone> = {
  waiting: 'neutral',
  uploading: 'warning',
  saved: 'success',
  skipped: 'neutral',
  refused: 'error',
};

function rowsOf(items: readonly TBulkItem[]): TRow[] {
  return items.flatMap((item): TRow[] => {
    const size = item.file.size + (item.catalog?.size ?? 0);
    const own: TRow = {
      key: item.key,
      name: item.file.name,
      ...(item.catalog ? { catalog: item.catalog.name } : {}),
      state: item.state,
      percent: size ? Math.min(100, Math.floor((item.sent / size) * 100)) : 100,
      ...(item.line ? { line: item.line } : {}),
    };
    if (item.kind !== 'zip' || !item.entries.length) return [own];
    return [
      own,
      ...item.entries.map((entry, index) => ({
        key: `${item.key}-${index}`,
        name: entry.file,
        archive: item.file.name,
        ...(entry.typeCatalog ? { catalog: entry.typeCatalog } : {}),
        state: entry.status,
        percent: 100,
        line: entry,
      })),
    ];
  });
}

/** #/families/bulk: many families at once, from a folder, zips or picked files. */
export function BulkUploadPage() {
  const { t } = useTranslation();
  const session = useSession();
  if (!can(session, 'contentmanagement.create')) {
    return (
      <Result
        status="warning"
        title={<h1 className="portal-page-title">{t('families.form.forbidden')}</h1>}
        subTitle={t('state.forbiddenHint')}
      />
    );
  }
  return <BulkUpload isAdmin={can(session, 'adminmanagement.read')} />;
}

function BulkUpload({ isAdmin }: { isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const upload = useBulkUpload(companyId);
  const { queue } = upload;
  const totals = totalsOf(queue);
  const rows = useMemo(() => rowsOf(queue.items), [queue.items]);
  const [over, setOver] = useState(false);
  const { token } = theme.useToken();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const [now, setNow] = useState(() => Date.now());

  // The countdown to the next try after a dropped connection.
  useEffect(() => {
    if (upload.retryAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [upload.retryAt]);

  // A folder input is a browser extension attribute React does not know.
  useEffect(() => {
    folderInput.current?.setAttribute('webkitdirectory', '');
  }, []);

  const busy = queue.phase === 'running' || queue.phase === 'retrying';
  const reason = (line: TFamilyBulkFileLine | undefined) =>
    line?.code
      ? t([`messages.${line.code}`, `families.bulk.reasons.${line.code}`], {
          ...line.values,
          defaultValue: line.message ?? line.code,
        })
      : null;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void droppedFiles(event.dataTransfer).then(upload.add);
  };
  const picked = (input: HTMLInputElement | null) => {
    if (!input?.files) return;
    upload.add([...input.files]);
    input.value = '';
  };

  const columns: TableColumnsType<TRow> = [
    {
      key: 'file',
      title: t('families.bulk.file'),
      render: (_value, row) => (
        <div style={{ minWidth: 0, maxWidth: 'min(320px, 38vw)' }}>
          <Typography.Text style={{ wordBreak: 'break-all' }}>{row.name}</Typography.Text>
          {row.archive ? (
            <div>
              <Typography.Text type="secondary">
                {t('families.bulk.inArchive', { archive: row.archive })}
              </Typography.Text>
            </div>
          ) : null}
          {row.catalog ? (
            <div>
              <Typography.Text type="secondary">
                {t('families.bulk.withCatalog', { catalog: row.catalog })}
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'state',
      title: t('families.bulk.state'),
      render: (_value, row) => (
        <Flex
          vertical
          gap={4}
          style={{ minWidth: 120, maxWidth: 'min(360px, 50vw)' }}
          data-testid={`bulk-state-${row.state}`}
        >
          <span>
            <StatusTag tone={STATE_TONES[row.state]}>{t(`families.bulk.states.${row.state}`)}</StatusTag>
          </span>
          {row.state === 'uploading' ? (
            <Progress
              percent={row.percent}
              size="small"
              status="active"
              aria-label={t('families.form.uploadProgress', { fileName: row.name })}
            />
          ) : null}
          {row.state === 'refused' || row.state === 'skipped' ? (
            <Typography.Text type={row.state === 'refused' ? 'danger' : 'secondary'}>
              {reason(row.line)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'family',
      title: t('families.bulk.family'),
      render: (_value, row) =>
        row.line?.familyId ? (
          <Link to={`/families/${row.line.familyId}`}>{row.line.name ?? row.name}</Link>
        ) : null,
    },
    {
      key: 'category',
      title: t('families.fields.category'),
      responsive: ['md'],
      render: (_value, row) => row.line?.category ?? null,
    },
    {
      key: 'revitVersion',
      title: t('families.fields.revitVersion'),
      responsive: ['md'],
      render: (_value, row) => row.line?.revitVersion ?? null,
    },
    {
      key: 'types',
      title: t('families.bulk.types'),
      responsive: ['md'],
      align: 'end',
      render: (_value, row) => (row.line?.types === undefined ? null : number.format(row.line.types)),
    },
  ];

  const percent = totals.bytes ? Math.floor((totals.sentBytes / totals.bytes) * 100) : 0;
  const seconds = upload.retryAt === null ? 0 : Math.max(0, Math.ceil((upload.retryAt - now) / 1000));

  return (
    <>
      <PageHeader
        title={t('families.bulk.title')}
        subtitle={t('families.bulk.subtitle')}
        extra={
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => void navigate('/families/new')}>
            {t('families.bulk.single')}
          </Button>
        }
      />
      {isAdmin ? (
        <Form layout="vertical" style={{ maxWidth: 480 }}>
          <Form.Item
            label={t('families.bulk.company')}
            htmlFor="bulk-company"
            extra={t('families.bulk.companyHint')}
          >
            <CompanyPicker
              id="bulk-company"
              value={companyId}
              onChange={setCompanyId}
              placeholder={t('families.bulk.companyPlaceholder')}
              testId="bulk-company"
              disabled={busy}
            />
          </Form.Item>
        </Form>
      ) : null}
      <div
        data-testid="bulk-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        style={{
          marginBottom: 16,
          padding: '16px 12px',
          textAlign: 'center',
          border: `1px dashed ${over ? token.colorPrimary : token.colorBorder}`,
          borderRadius: token.borderRadiusLG,
          background: token.colorFillAlter,
          transition: 'border-color .2s',
        }}
      >
        <div>
          <div style={{ fontSize: 40, lineHeight: 1, color: token.colorPrimary, marginBottom: 8 }}>
            <InboxOutlined aria-hidden />
          </div>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            {t('families.bulk.drop')}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('families.bulk.dropHint', { size: formatFileSize(MAX_FAMILY_FILE_BYTES, i18n.language) })}
          </Typography.Paragraph>
          <Flex gap={8} wrap justify="center" style={{ marginTop: 12 }}>
            <Button
              icon={<UploadOutlined aria-hidden />}
              onClick={() => filesInput.current?.click()}
              data-testid="bulk-pick-files"
            >
              {t('families.bulk.pickFiles')}
            </Button>
            <Button
              icon={<FolderOpenOutlined aria-hidden />}
              onClick={() => folderInput.current?.click()}
              data-testid="bulk-pick-folder"
            >
              {t('families.bulk.pickFolder')}
            </Button>
          </Flex>
          <input
            ref={filesInput}
            type="file"
            multiple
            accept=".rfa,.txt,.zip"
            hidden
            aria-label={t('families.bulk.pickFiles')}
            data-testid="bulk-files-input"
            onChange={(event) => picked(event.currentTarget)}
          />
          <input
            ref={folderInput}
            type="file"
            multiple
            hidden
            aria-label={t('families.bulk.pickFolder')}
            data-testid="bulk-folder-input"
            onChange={(event) => picked(event.currentTarget)}
          />
        </div>
      </div>
      {upload.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={upload.error}
          style={{ marginBottom: 16 }}
          data-testid="bulk-error"
        />
      ) : null}
      {queue.phase === 'retrying' || queue.phase === 'paused' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="bulk-interrupted"
          message={
            queue.phase === 'retrying'
              ? t('families.bulk.retrying', { seconds: number.format(seconds) })
              : t('families.bulk.paused', { count: totals.waiting, waiting: number.format(totals.waiting) })
          }
          action={
            <Button
              size="small"
              type="primary"
              icon={<ReloadOutlined aria-hidden />}
              onClick={upload.resume}
              data-testid="bulk-resume"
            >
              {t('families.bulk.resume')}
            </Button>
          }
        />
      ) : null}
      {queue.items.length ? (
        <>
          <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 12 }}>
            <div role="status" aria-live="polite" data-testid="bulk-totals" style={{ minWidth: 0 }}>
              <Typography.Text>
                {t('families.bulk.totals', {
                  count: totals.files,
                  files: number.format(totals.files),
                  saved: number.format(totals.saved),
                  skipped: number.format(totals.skipped),
                  refused: number.format(totals.refused),
                  waiting: number.format(totals.waiting),
                })}
              </Typography.Text>
            </div>
            <Flex gap={8} wrap>
              {busy ? (
                <Button
                  icon={<PauseOutlined aria-hidden />}
                  onClick={upload.cancel}
                  data-testid="bulk-cancel"
                >
                  {t('families.bulk.cancel')}
                </Button>
              ) : null}
              {!busy ? (
                <Button onClick={upload.clear} data-testid="bulk-clear">
                  {t('families.bulk.clear')}
                </Button>
              ) : null}
            </Flex>
          </Flex>
          <Progress
            percent={percent}
            status={busy ? 'active' : 'normal'}
            aria-label={t('families.bulk.overall')}
            style={{ marginBottom: 12 }}
            data-testid="bulk-progress"
          />
          <Table<TRow>
            rowKey="key"
            size="small"
            columns={columns}
            dataSource={rows}
            pagination={rows.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            data-testid="bulk-table"
          />
        </>
      ) : (
        <Typography.Paragraph type="secondary">{t('families.bulk.empty')}</Typography.Paragraph>
      )}
    </>
  );
}
