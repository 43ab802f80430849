import { CheckCircleOutlined, DownloadOutlined } from '@ant-design/icons';
import type { TFamilyVersion, TRevitFamily } from '@portal/contract';
import { Button, Card, Flex, Popconfirm, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../../shared/list/status-tag.tsx';
import { formatDateTime } from '../../../../shared/list/list-dates.ts';
import { toast } from '../../../../shared/toast/toast-store.ts';
import { downloadFamilyFile } from '../../api/download-ticket.ts';
import { useSetCurrentVersion } from '../../api/set-current-version.ts';
import { formatFileSize, shortHash } from './family-format.ts';
import { SectionTitle } from './section-title.tsx';

export type TFamilyVersionsProps = {
  family: TRevitFamily;
  /** contentmanagement.update: may choose the current version. */
  mayUpdate: boolean;
  /** Admins' changes apply at once; everyone else's become requests. */
  isAdmin: boolean;
};

type TVersionRowProps = TFamilyVersionsProps & { version: TFamilyVersion };

function VersionRow({ family, version, mayUpdate, isAdmin }: TVersionRowProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const makeCurrent = useSetCurrentVersion();
  const [downloading, setDownloading] = useState(false);
  const label = version.revitVersion
    ? t('families.versions.revit', { version: version.revitVersion })
    : version.fileName;
  // Two files of one Revit version are told apart by their hash.
  const spoken = `${label} (${shortHash(version.sha256)})`;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFamilyFile(family.revitFamilyId, version.versionId);
    } catch {
      // Shown by the API client.
    } finally {
      setDownloading(false);
    }
  };

  const choose = async () => {
    try {
      await makeCurrent.mutateAsync({ revitFamilyId: family.revitFamilyId, versionId: version.versionId });
      toast.success(isAdmin ? t('families.versions.madeCurrent') : t('families.versions.requested'));
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Flex
      wrap
      gap={12}
      justify="space-between"
      align="center"
      style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorSplit}` }}
      data-testid="family-version"
      data-current={version.current}
    >
      <div style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{label}</Typography.Text>
          <Typography.Text type="secondary">{formatFileSize(version.size, i18n.language)}</Typography.Text>
          {version.current ? (
            <StatusTag tone="success">
              <CheckCircleOutlined aria-hidden /> {t('families.versions.current')}
            </StatusTag>
          ) : null}
        </Flex>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {t('families.versions.uploaded', {
            who: version.uploadedBy?.login ?? t('families.versions.unknownUploader'),
            when: formatDateTime(version.uploadedAt, t('common.never')),
          })}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block', wordBreak: 'break-all' }}>
          {version.fileName} · SHA-256{' '}
          <Typography.Text
            code
            copyable={{
              text: version.sha256,
              tooltips: [t('families.versions.copyHash'), t('families.versions.hashCopied')],
            }}
            title={version.sha256}
          >
            {shortHash(version.sha256)}
          </Typography.Text>
        </Typography.Text>
      </div>
      <Flex gap={8} wrap>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={downloading}
          onClick={() => void download()}
          aria-label={t('families.versions.downloadVersion', { version: spoken })}
          data-testid="version-download"
        >
          {t('families.page.download')}
        </Button>
        {mayUpdate && !version.current ? (
          <Popconfirm
            title={t('families.versions.makeCurrentTitle', { version: label })}
            description={isAdmin ? undefined : t('families.versions.requestHint')}
            okText={t('families.versions.makeCurrent')}
            cancelText={t('common.cancel')}
            onConfirm={() => choose()}
            okButtonProps={{ ...{ 'data-testid': 'confirm-make-current' } }}
          >
            <Button
              loading={makeCurrent.isPending}
              aria-label={t('families.versions.makeCurrentOf', { version: spoken })}
              data-testid="version-make-current"
            >
              {t('families.versions.makeCurrent')}
            </Button>
          </Popconfirm>
        ) : null}
      </Flex>
    </Flex>
  );
}

/** The family's stored files, newest first (the newest the API answers), with download and "make current". */
export function FamilyVersions(props: TFamilyVersionsProps) {
  const { t } = useTranslation();
  const versions = props.family.revitFamilyVersions ?? [];
  const count = Math.max(props.family.versionCount ?? 0, versions.length);
  return (
    <Card
      title={<SectionTitle>{t('families.versions.title', { count })}</SectionTitle>}
      data-testid="family-versions"
      styles={{ body: { paddingTop: 4, paddingBottom: 4 } }}
    >
      {count > versions.length ? (
        <Typography.Paragraph
          type="secondary"
          style={{ margin: '12px 0 0' }}
          data-testid="family-versions-newest"
        >
          {t('families.versions.newestShown', { shown: versions.length, count })}
        </Typography.Paragraph>
      ) : null}
      {versions.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0' }}>
          {t('families.versions.none')}
        </Typography.Paragraph>
      ) : (
        versions.map((version) => <VersionRow key={version.versionId} {...props} version={version} />)
      )}
    </Card>
  );
}
