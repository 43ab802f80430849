import type { TRevitFamily } from '@portal/contract';
import { memo, type MouseEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useHref, useNavigate } from 'react-router-dom';
import { formatNumber } from '../../../../shared/i18n/number-format.ts';
import type { TListColumn } from '../../../../shared/list/data-table.tsx';
import { formatDateTime } from '../../../../shared/list/list-dates.ts';
import { familyPath } from './family-card.tsx';
import { useRatingDrawing } from './family-rating.tsx';
import { FamilyStatus } from './family-status.tsx';
import { type TThumbnailLook, ThumbnailPicture, useThumbnailLook } from './family-thumbnail.tsx';
import './family-columns.css';

const NONE = '—';

/** The name links' target and plain click: the family's page in the app, as react-router's Link. */
type TFamilyLink = {
  /** The router's href of its root ("#/" under the app's hash router): a family's href follows it. */
  root: string;
  open: (event: MouseEvent<HTMLAnchorElement>, path: string) => void;
};

/**
 * The name cell: the thumbnail and the family's name, a link to its page cut inside the cell (its
 * whole text is the link's title). Plain elements with the look in CSS classes and one handler for
 * every row: a Flex and a router Link per row cost a page change most of its time (issue 27).
 */
const FamilyNameCell = memo(function FamilyNameCell({
  family,
  look,
  link,
}: {
  family: TRevitFamily;
  look: TThumbnailLook;
  link: TFamilyLink;
}) {
  const path = familyPath(family);
  return (
    <div className="family-name-cell">
      <span className="family-name-cell-picture">
        <ThumbnailPicture hash={family.revitFamilyPictureHash} look={look} />
      </span>
      <a
        href={`${link.root}${path.slice(1)}`}
        title={family.revitFamilyName}
        data-testid="family-row-name"
        className="family-name-cell-link"
        onClick={(event) => link.open(event, path)}
      >
        {family.revitFamilyName}
      </a>
    </div>
  );
});

/** True for a click the browser should handle itself (a new tab or window, a download). */
function browserHandles(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (event.currentTarget.target !== '' && event.currentTarget.target !== '_self')
  );
}

/**
 * The table view's columns; keys that are FAMILY_SORT_FIELDS sort on the server. Made again only
 * when the language, the theme or `withStatus` change, and every cell draws from what they made
 * once (thumbnail look, ratings by value, number formats), so a new page costs its rows only.
 */
export function useFamilyColumns({ withStatus }: { withStatus: boolean }): TListColumn<TRevitFamily>[] {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const navigate = useNavigate();
  const root = useHref('/');
  const look = useThumbnailLook(40, 40);
  const rating = useRatingDrawing();
  return useMemo(() => {
    const cost = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const link: TFamilyLink = {
      root: root.endsWith('/') ? root : `${root}/`,
      open: (event, path) => {
        if (event.defaultPrevented || browserHandles(event)) return;
        event.preventDefault();
        void navigate(path);
      },
    };
    const columns: TListColumn<TRevitFamily>[] = [
      {
        key: 'revitFamilyName',
        title: t('families.fields.name'),
        sortable: true,
        // The name is cut inside its cell (its whole text is the link's title), never over Category.
        minWidth: 200,
        render: (f) => <FamilyNameCell family={f} look={look} link={link} />,
      },
      {
        key: 'categoryName',
        title: t('families.fields.category'),
        sortable: true,
        ellipsis: true,
        width: 150,
        render: (f) => f.categoryName ?? NONE,
      },
      {
        key: 'revitVersion',
        title: t('families.fields.revitVersion'),
        sortable: true,
        width: 120,
        render: (f) => f.revitVersion ?? NONE,
      },
      {
        key: 'revitFamilyRating',
        title: t('families.fields.rating'),
        sortable: true,
        width: 120,
        showFrom: 'xl',
        render: (f) => rating(f.revitFamilyRating),
      },
      {
        key: 'companyName',
        title: t('families.fields.company'),
        sortable: true,
        ellipsis: true,
        width: 160,
        showFrom: 'xxl',
        render: (f) => f.companyName ?? NONE,
      },
      {
        key: 'cost',
        title: t('families.fields.cost'),
        sortable: true,
        width: 110,
        showFrom: 'xxxl',
        render: (f) => (f.cost === null ? NONE : cost.format(f.cost)),
      },
      {
        key: 'downloads',
        title: t('families.fields.downloads'),
        sortable: true,
        width: 110,
        showFrom: 'xl',
        render: (f) => formatNumber(f.downloads, language),
      },
      {
        key: 'lastUpdate',
        title: t('families.fields.lastUpdate'),
        sortable: true,
        width: 150,
        showFrom: 'xxl',
        render: (f) => formatDateTime(f.lastUpdate, NONE),
      },
    ];
    if (withStatus) {
      columns.push({
        key: 'tifStatus',
        title: t('families.fields.status'),
        width: 190,
        render: (f) => (f.tifStatus ? <FamilyStatus status={f.tifStatus} /> : NONE),
      });
    }
    return columns;
  }, [t, i18n.language, language, navigate, root, look, rating, withStatus]);
}
