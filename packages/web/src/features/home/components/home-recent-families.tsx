import { ClockCircleOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HOME_FAMILIES_SHOWN, useNewestFamilies } from '../api/find-home-families.ts';
import { HomeCard } from './home-card.tsx';
import { HomeFamilyCards } from './home-family-cards.tsx';

/** The library's address with its newest families first. */
const NEWEST_IN_LIBRARY = '/families?sort=createdOn:desc';

/** End users: the families published last, as small cards linking to their pages. */
export function HomeRecentFamilies() {
  const { t } = useTranslation();
  const query = useNewestFamilies(HOME_FAMILIES_SHOWN);
  const families = query.data?.revitFamilyInfos ?? [];
  return (
    <HomeCard
      title={t('home.recentTitle')}
      icon={<ClockCircleOutlined />}
      testId="home-recent-families"
      query={query}
      empty={families.length === 0}
      emptyText={t('home.recentEmpty')}
      links={[{ to: NEWEST_IN_LIBRARY, label: t('home.openLibrary') }]}
    >
      <HomeFamilyCards families={families} label={t('home.recentTitle')} />
    </HomeCard>
  );
}

/** Admins: the newest uploads, published or waiting for a decision, with how many families there are. */
export function HomeRecentUploads() {
  const { t } = useTranslation();
  const query = useNewestFamilies(HOME_FAMILIES_SHOWN, { includeTempItems: true });
  const families = query.data?.revitFamilyInfos ?? [];
  return (
    <HomeCard
      title={t('home.uploadsTitle')}
      icon={<CloudUploadOutlined />}
      testId="home-recent-uploads"
      query={query}
      count={query.data?.totalCount}
      countLabel={t('home.uploadsCount')}
      empty={families.length === 0}
      emptyText={t('home.uploadsEmpty')}
      links={[{ to: NEWEST_IN_LIBRARY, label: t('home.openLibrary') }]}
    >
      <HomeFamilyCards families={families} label={t('home.uploadsTitle')} />
    </HomeCard>
  );
}
