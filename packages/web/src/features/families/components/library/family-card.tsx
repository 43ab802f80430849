import { DownloadOutlined } from '@ant-design/icons';
import type { TRevitFamily } from '@portal/contract';
import { Flex, theme } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../../shared/i18n/number-format.ts';
import { Link, useNavigate } from 'react-router-dom';
import { FamilyRating } from './family-rating.tsx';
import { FamilyStatus } from './family-status.tsx';
import { FamilyThumbnail } from './family-thumbnail.tsx';

/** Height of a card: the gallery's rows are this tall (plus the gap), which keeps scrolling even. */
export const CARD_HEIGHT = 272;
const PICTURE_HEIGHT = 140;

/** One line, cut with an ellipsis (plain CSS: a gallery holds many cards, so no measuring per text). */
const CUT = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The path of a family's page. */
export function familyPath(family: Pick<TRevitFamily, 'revitFamilyId'>): string {
  return `/families/${family.revitFamilyId}`;
}

/** "Doors · Revit 2024", leaving out what the family lacks. */
export function familyLine(family: TRevitFamily, none: string): string {
  const parts = [family.categoryName, family.revitVersion ? `Revit ${family.revitVersion}` : null].filter(
    (part): part is string => Boolean(part),
  );
  return parts.length ? parts.join(' · ') : none;
}

/**
 * One family in the gallery: thumbnail, name (a link to its page; long names cut with the whole
 * name on hover), category and Revit version, rating, downloads, company, and the workflow status
 * of a request. A click anywhere on the card opens the family; the keyboard uses the name's link.
 * Memoised: the gallery renders again on every scroll step, and a card already on screen has
 * nothing new to show.
 */
export const FamilyCard = memo(function FamilyCard({ family }: { family: TRevitFamily }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const path = familyPath(family);
  const name = family.revitFamilyName;
  const line = familyLine(family, t('families.list.uncategorised'));
  const secondary = { color: token.colorTextSecondary, fontSize: 13 };
  return (
    <article
      data-testid="family-card"
      data-family-id={family.revitFamilyId}
      aria-label={name}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a')) return;
        void navigate(path);
      }}
      style={{
        height: CARD_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        cursor: 'pointer',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
      }}
    >
      <div style={{ position: 'relative', padding: 8, paddingBottom: 0 }}>
        <Link to={path} tabIndex={-1} aria-hidden style={{ display: 'block' }}>
          <FamilyThumbnail hash={family.revitFamilyPictureHash} width="100%" height={PICTURE_HEIGHT} />
        </Link>
        {family.tifStatus && family.tifStatus !== 'A' ? (
          // A request's status sits on its picture, so every card keeps the same height.
          <div style={{ position: 'absolute', top: 14, insetInlineStart: 14 }}>
            <FamilyStatus status={family.tifStatus} />
          </div>
        ) : null}
      </div>
      <Flex vertical gap={4} style={{ padding: '8px 12px 12px', minWidth: 0, flex: 1 }}>
        <Link
          to={path}
          title={name}
          data-testid="family-card-name"
          style={{
            fontWeight: 600,
            fontSize: 15,
            ...CUT,
          }}
        >
          {name}
        </Link>
        <span title={line} style={{ ...secondary, ...CUT }} data-testid="family-card-line">
          {line}
        </span>
        <Flex justify="space-between" align="center" gap={8}>
          <FamilyRating rating={family.revitFamilyRating} />
          <span
            title={t('families.fields.downloads')}
            style={{ color: token.colorTextSecondary, fontSize: 13 }}
          >
            <DownloadOutlined aria-hidden />{' '}
            <span className="sr-only">{t('families.fields.downloads')}: </span>
            {format.number(family.downloads)}
          </span>
        </Flex>
        <span title={family.companyName ?? undefined} style={{ ...secondary, ...CUT }}>
          {family.companyName ?? '\u00a0'}
        </span>
      </Flex>
    </article>
  );
});
