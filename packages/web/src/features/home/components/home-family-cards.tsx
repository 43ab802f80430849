import { AppstoreOutlined } from '@ant-design/icons';
import type { TRevitFamily } from '@portal/contract';
import { Card, Flex, theme, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pictureUrl } from '../../../shared/api/picture-url.ts';
import { StatusTag } from '../../../shared/list/status-tag.tsx';

const THUMBNAIL_HEIGHT = 96;

function Thumbnail({ hash }: { hash: string | null }) {
  const { token } = theme.useToken();
  const [failed, setFailed] = useState(false);
  return (
    <span
      aria-hidden
      style={{
        height: THUMBNAIL_HEIGHT,
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadius,
      }}
    >
      {hash && !failed ? (
        <img
          src={pictureUrl(hash)}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      ) : (
        <AppstoreOutlined style={{ fontSize: 32, color: token.colorTextQuaternary }} />
      )}
    </span>
  );
}

/** A small card of a family: its thumbnail and name, the whole card a link to its page. */
function FamilyCard({ family }: { family: TRevitFamily }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/families/${family.revitFamilyId}`}
      data-testid="home-family"
      style={{ display: 'block', height: '100%' }}
    >
      <Card size="small" hoverable style={{ height: '100%' }} styles={{ body: { padding: 8 } }}>
        <Flex vertical gap={6}>
          <Thumbnail hash={family.revitFamilyPictureHash} />
          <Typography.Text strong ellipsis={{ tooltip: family.revitFamilyName }}>
            {family.revitFamilyName}
          </Typography.Text>
          <Flex justify="space-between" align="center" gap={4} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {dayjs(family.createdOn).format('ll')}
            </Typography.Text>
            {family.tifStatus && family.tifStatus !== 'A' ? (
              <StatusTag tone={family.tifStatus === 'D' ? 'neutral' : 'warning'}>
                {t(`families.list.status.${family.tifStatus}`)}
              </StatusTag>
            ) : null}
          </Flex>
        </Flex>
      </Card>
    </Link>
  );
}

/** Families as small picture cards, as many columns as fit (two on a phone). */
export function HomeFamilyCards({ families, label }: { families: readonly TRevitFamily[]; label: string }) {
  return (
    <ul
      aria-label={label}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 140px), 1fr))',
        gap: 12,
      }}
    >
      {families.map((family) => (
        <li key={family.revitFamilyId} style={{ minWidth: 0 }}>
          <FamilyCard family={family} />
        </li>
      ))}
    </ul>
  );
}
