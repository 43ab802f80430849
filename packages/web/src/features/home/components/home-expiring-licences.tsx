import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/list/list-dates.ts';
import { EXPIRING_WITHIN_DAYS, daysLeft } from '../../../shared/ui/licence-status.ts';
import { useExpiringLicences } from '../api/find-expiring-licences.ts';
import { HomeCard, HomeItem, HomeItemList } from './home-card.tsx';

/** The licences screen filtered as this card is: active and ending within 30 days. */
const EXPIRING_PATH = '/licences?active=true&expiring=true';

/** Admins: the active licences that end within the next 30 days, the soonest first. */
export function HomeExpiringLicences() {
  const { t } = useTranslation();
  const query = useExpiringLicences(5);
  const licences = query.data?.licenseInfos ?? [];
  return (
    <HomeCard
      title={t('home.licencesTitle')}
      icon={<SafetyCertificateOutlined />}
      testId="home-expiring-licences"
      query={query}
      count={query.data?.totalCount}
      countLabel={t('home.licencesCount', { days: EXPIRING_WITHIN_DAYS })}
      empty={licences.length === 0}
      emptyText={t('home.licencesEmpty', { days: EXPIRING_WITHIN_DAYS })}
      links={[{ to: EXPIRING_PATH, label: t('home.licencesLink'), testId: 'home-licences-link' }]}
    >
      <HomeItemList label={t('home.licencesTitle')}>
        {licences.map((licence) => (
          <HomeItem
            key={licence.licenseInfoId}
            to={`/licences?${new URLSearchParams({ q: licence.licenseCode }).toString()}`}
            title={licence.licenseCode}
            meta={[
              licence.companies.map((company) => company.companyName).join(', '),
              t('home.licenceEnds', {
                date: formatDateTime(licence.licenseValidUntil, t('common.never'), 'll'),
                count: daysLeft(licence.licenseValidUntil) ?? 0,
              }),
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        ))}
      </HomeItemList>
    </HomeCard>
  );
}
