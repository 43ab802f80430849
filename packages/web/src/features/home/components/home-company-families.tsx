import { AppstoreOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNewestFamilies } from '../api/find-home-families.ts';
import { HomeCard, HomeItem, HomeItemList } from './home-card.tsx';

/** How many of the company's newest families the partner's card lists. */
const SHOWN = 4;

/**
 * Partners: their company's published families (a partner's find answers those of its company
 * tree), how many and the newest few.
 */
export function HomeCompanyFamilies() {
  const { t } = useTranslation();
  const query = useNewestFamilies(SHOWN);
  const families = query.data?.revitFamilyInfos ?? [];
  return (
    <HomeCard
      title={t('home.companyFamiliesTitle')}
      icon={<AppstoreOutlined />}
      testId="home-company-families"
      query={query}
      count={query.data?.totalCount}
      countLabel={t('home.companyFamiliesCount')}
      empty={families.length === 0}
      emptyText={t('home.companyFamiliesEmpty')}
      links={[
        { to: '/families', label: t('home.openLibrary') },
        { to: '/families?mine=true', label: t('home.myRequests') },
      ]}
    >
      <HomeItemList label={t('home.companyFamiliesTitle')}>
        {families.map((family) => (
          <HomeItem
            key={family.revitFamilyId}
            to={`/families/${family.revitFamilyId}`}
            title={family.revitFamilyName}
            meta={[family.categoryName, dayjs(family.createdOn).format('ll')].filter(Boolean).join(' · ')}
          />
        ))}
      </HomeItemList>
    </HomeCard>
  );
}
