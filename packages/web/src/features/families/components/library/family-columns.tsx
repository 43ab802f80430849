import type { TRevitFamily } from '@portal/contract';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNumberFormat } from '../../../../shared/i18n/number-format.ts';
import type { TListColumn } from '../../../../shared/list/data-table.tsx';
import { formatDateTime } from '../../../../shared/list/list-dates.ts';
import { formatCost } from '../page/family-format.ts';
import { familyPath } from './family-card.tsx';
import { FamilyRating } from './family-rating.tsx';
import { FamilyStatus } from './family-status.tsx';
import { FamilyThumbnail } from './family-thumbnail.tsx';

/** The table view's columns; keys that are FAMILY_SORT_FIELDS sort on the server. */
export function useFamilyColumns({ withStatus }: { withStatus: boolean }): TListColumn<TRevitFamily>[] {
  const { t, i18n } = useTranslation();
  const format = useNumberFormat();
  const none = '—';
  const columns: TListColumn<TRevitFamily>[] = [
    {
      key: 'revitFamilyName',
      title: t('families.fields.name'),
      sortable: true,
      // The name is cut inside its cell (its whole text is the link's title), never over Category.
      minWidth: 200,
      render: (f) => (
        <Flex align="center" gap={10} style={{ minWidth: 0 }}>
          <span style={{ flex: 'none', display: 'inline-flex' }}>
            <FamilyThumbnail hash={f.revitFamilyPictureHash} width={40} height={40} />
          </span>
          <Link
            to={familyPath(f)}
            title={f.revitFamilyName}
            data-testid="family-row-name"
            style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {f.revitFamilyName}
          </Link>
        </Flex>
      ),
    },
    {
      key: 'categoryName',
      title: t('families.fields.category'),
      sortable: true,
      ellipsis: true,
      width: 150,
      render: (f) => f.categoryName ?? none,
    },
    {
      key: 'revitVersion',
      title: t('families.fields.revitVersion'),
      sortable: true,
      width: 120,
      render: (f) => f.revitVersion ?? none,
    },
    {
      key: 'revitFamilyRating',
      title: t('families.fields.rating'),
      sortable: true,
      width: 120,
      showFrom: 'xl',
      render: (f) => <FamilyRating rating={f.revitFamilyRating} />,
    },
    {
      key: 'companyName',
      title: t('families.fields.company'),
      sortable: true,
      ellipsis: true,
      width: 160,
      showFrom: 'xxl',
      render: (f) => f.companyName ?? none,
    },
    {
      key: 'cost',
      title: t('families.fields.cost'),
      sortable: true,
      width: 110,
      showFrom: 'xxxl',
      render: (f) => (f.cost === null ? none : formatCost(f.cost, i18n.language)),
    },
    {
      key: 'downloads',
      title: t('families.fields.downloads'),
      sortable: true,
      width: 110,
      showFrom: 'xl',
      render: (f) => format.number(f.downloads),
    },
    {
      key: 'lastUpdate',
      title: t('families.fields.lastUpdate'),
      sortable: true,
      width: 150,
      showFrom: 'xxl',
      render: (f) => formatDateTime(f.lastUpdate, none),
    },
  ];
  if (withStatus) {
    columns.push({
      key: 'tifStatus',
      title: t('families.fields.status'),
      width: 190,
      render: (f) => (f.tifStatus ? <FamilyStatus status={f.tifStatus} /> : none),
    });
  }
  return columns;
}
