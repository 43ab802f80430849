import {
  ArrowLeftOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FileImageOutlined,
} from '@ant-design/icons';
import type { TRevitFamily } from '@portal/contract';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Popconfirm,
  Row,
  Skeleton,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../../shared/api/api-error.ts';
import { can } from '../../../../shared/auth/session-store.ts';
import { useSession } from '../../../../shared/auth/use-session.ts';
import { formatDateTime } from '../../../../shared/list/list-dates.ts';
import { toast } from '../../../../shared/toast/toast-store.ts';
import { ErrorState } from '../../../../shared/ui/error-state.tsx';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { useDeleteFamily } from '../../api/delete-family.ts';
import { downloadFamilyFile } from '../../api/download-ticket.ts';
import { useFamily } from '../../api/get-family.ts';
import { FamilyNotFound } from './family-not-found.tsx';
import { FamilyRating } from '../library/family-rating.tsx';
import { FamilyApproval } from './family-approval.tsx';
import { formatCost, formatFileSize, parseFamilyId } from './family-format.ts';
import { FamilyTypesTable } from './family-types-table.tsx';
import { FamilyVersions } from './family-versions.tsx';
import { pictureUrl } from '../../../../shared/api/picture-url.ts';
import { RecordHistory } from '../../../../shared/activity/record-history.tsx';

function FamilyPicture({ family }: { family: TRevitFamily }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [failed, setFailed] = useState(false);
  const frame = {
    width: '100%',
    aspectRatio: '1 / 1',
    borderRadius: token.borderRadiusLG,
    background: token.colorFillQuaternary,
    border: `1px solid ${token.colorBorderSecondary}`,
  };
  if (!family.revitFamilyPictureHash || failed) {
    return (
      <Flex align="center" justify="center" vertical gap={8} style={frame} data-testid="family-no-picture">
        <FileImageOutlined aria-hidden style={{ fontSize: 48, color: token.colorTextTertiary }} />
        <Typography.Text type="secondary">{t('families.page.noPicture')}</Typography.Text>
      </Flex>
    );
  }
  return (
    <img
      src={pictureUrl(family.revitFamilyPictureHash, 'full')}
      alt={t('families.page.pictureOf', { name: family.revitFamilyName })}
      onError={() => setFailed(true)}
      style={{ ...frame, objectFit: 'contain', display: 'block' }}
      data-testid="family-picture"
    />
  );
}

function FamilyDetails({ family }: { family: TRevitFamily }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const remove = useDeleteFamily();
  const [downloading, setDownloading] = useState(false);
  const isAdmin = can(session, 'adminmanagement.read');
  const mayUpdate = can(session, 'contentmanagement.update');
  const mayDelete = can(session, 'contentmanagement.delete');
  const size = family.revitFamilyFileSize;
  const none = <Typography.Text type="secondary">–</Typography.Text>;
  const orNone = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? none : value;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFamilyFile(family.revitFamilyId);
    } catch {
      // Shown by the API client.
    } finally {
      setDownloading(false);
    }
  };

  const deleteFamily = async () => {
    try {
      await remove.mutateAsync(family.revitFamilyId);
      if (isAdmin) {
        toast.success(t('families.page.deleted', { name: family.revitFamilyName }));
        void navigate('/families');
      } else {
        toast.success(t('families.page.deleteRequested'));
      }
    } catch {
      // Shown by the API client.
    }
  };

  const items = [
    { key: 'category', label: t('families.fields.category'), children: orNone(family.categoryName) },
    { key: 'revitVersion', label: t('families.fields.revitVersion'), children: orNone(family.revitVersion) },
    {
      key: 'rating',
      label: t('families.fields.rating'),
      children:
        family.revitFamilyRating === null ? (
          none
        ) : (
          <FamilyRating rating={family.revitFamilyRating} size={16} />
        ),
    },
    {
      key: 'tags',
      label: t('families.fields.tags'),
      children:
        family.revitFamilyTags.length === 0 ? (
          none
        ) : (
          <Flex wrap gap={4}>
            {family.revitFamilyTags.map((tag) => (
              <Tag key={tag} style={{ marginInlineEnd: 0 }}>
                {tag}
              </Tag>
            ))}
          </Flex>
        ),
    },
    { key: 'company', label: t('families.fields.company'), children: orNone(family.companyName) },
    {
      key: 'cost',
      label: t('families.fields.cost'),
      children: family.cost === null ? none : formatCost(family.cost, i18n.language),
    },
    {
      key: 'parameterList',
      label: t('families.fields.parameterList'),
      children: orNone(family.parameterListCode),
    },
    {
      key: 'omniClassCode',
      label: t('families.fields.omniClassCode'),
      children: orNone(family.omniClassCode),
    },
    {
      key: 'revitCategory',
      label: t('families.fields.revitCategory'),
      children: orNone(family.revitCategory),
    },
    {
      key: 'file',
      label: t('families.fields.file'),
      children: family.revitFamilyFileName ? (
        <span style={{ wordBreak: 'break-all' }}>
          {family.revitFamilyFileName}
          {size === null ? null : ` (${formatFileSize(size, i18n.language)})`}
        </span>
      ) : (
        none
      ),
    },
    {
      key: 'downloads',
      label: t('families.fields.downloads'),
      children: new Intl.NumberFormat(i18n.language).format(family.downloads),
    },
    {
      key: 'createdOn',
      label: t('families.fields.createdOn'),
      children: formatDateTime(family.createdOn, t('common.never')),
    },
    {
      key: 'lastUpdate',
      label: t('families.fields.lastUpdate'),
      children: formatDateTime(family.lastUpdate, t('common.never')),
    },
  ];

  return (
    <>
      <Link to="/families" style={{ display: 'inline-block', marginBottom: 8 }}>
        <ArrowLeftOutlined aria-hidden /> {t('families.page.backToLibrary')}
      </Link>
      <PageHeader
        title={family.revitFamilyName}
        subtitle={family.categoryName ?? undefined}
        extra={
          <>
            <Button
              type="primary"
              icon={<DownloadOutlined aria-hidden />}
              loading={downloading}
              disabled={!family.revitFamilyFileName}
              onClick={() => void download()}
              data-testid="family-download"
            >
              {size === null
                ? t('families.page.download')
                : t('families.page.downloadSize', { size: formatFileSize(size, i18n.language) })}
            </Button>
            {mayUpdate ? (
              <Button
                icon={<EditOutlined aria-hidden />}
                href={`#/families/${family.revitFamilyId}/edit`}
                data-testid="family-edit"
              >
                {t('common.edit')}
              </Button>
            ) : null}
            {mayDelete ? (
              <Popconfirm
                title={t('families.page.deleteTitle', { name: family.revitFamilyName })}
                description={
                  isAdmin ? t('families.page.deleteWarning') : t('families.page.deleteRequestHint')
                }
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true, ...{ 'data-testid': 'confirm-delete' } }}
                onConfirm={() => deleteFamily()}
              >
                <Button
                  icon={<DeleteOutlined aria-hidden />}
                  loading={remove.isPending}
                  data-testid="family-delete"
                >
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            ) : null}
          </>
        }
      />
      <FamilyApproval family={family} />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={10} lg={8}>
          <FamilyPicture family={family} />
        </Col>
        <Col xs={24} md={14} lg={16}>
          <Descriptions
            column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 3 }}
            size="small"
            bordered
            items={items}
            data-testid="family-facts"
          />
          {family.revitFamilyDescription ? (
            <Card size="small" style={{ marginTop: 16 }} title={t('families.fields.description')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
                {family.revitFamilyDescription}
              </Typography.Paragraph>
            </Card>
          ) : null}
        </Col>
        <Col span={24}>
          <FamilyTypesTable family={family} />
        </Col>
        <Col span={24}>
          <FamilyVersions family={family} mayUpdate={mayUpdate} isAdmin={isAdmin} />
        </Col>
        {can(session, 'partnermanagement.read') ? (
          <Col span={24}>
            <RecordHistory
              recordType="family"
              recordId={String(family.revitFamilyId)}
              recordName={family.revitFamilyName}
            />
          </Col>
        ) : null}
      </Row>
    </>
  );
}

/** #/families/:id: one family with its picture, fields, types, versions and downloads. */
export function FamilyPage() {
  const { t } = useTranslation();
  const familyId = parseFamilyId(useParams().id);
  const family = useFamily(familyId);

  if (familyId === undefined) return <FamilyNotFound />;
  if (family.isPending) {
    return (
      <div aria-busy="true" aria-label={t('families.page.loading')} data-testid="family-loading">
        <Skeleton active title paragraph={{ rows: 1 }} />
        <Row gutter={[16, 16]}>
          <Col xs={24} md={10} lg={8}>
            <Skeleton.Node active style={{ width: '100%', height: 280 }} />
          </Col>
          <Col xs={24} md={14} lg={16}>
            <Skeleton active paragraph={{ rows: 8 }} />
          </Col>
        </Row>
      </div>
    );
  }
  if (family.isError) {
    if (isApiError(family.error) && family.error.status === 404) return <FamilyNotFound />;
    return (
      <>
        <h1 className="portal-page-title">{t('families.page.title')}</h1>
        <ErrorState error={family.error} onRetry={() => void family.refetch()} />
      </>
    );
  }
  return <FamilyDetails family={family.data} />;
}
