import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { can } from '../../../shared/auth/session-store.ts';
import { useSession } from '../../../shared/auth/use-session.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { StatisticsDashboard } from '../../../shared/statistics/statistics-dashboard.tsx';

/** #/statistics: the dashboard for admins and partners; anyone else is told it is not theirs. */
export function StatisticsPage() {
  const { t } = useTranslation();
  const session = useSession();
  if (!can(session, 'partnermanagement.read')) {
    return (
      <Result
        status="warning"
        title={<h1 className="portal-page-title">{t('statistics.forbidden')}</h1>}
        subTitle={t('state.forbiddenHint')}
        data-testid="statistics-forbidden"
      />
    );
  }
  return (
    <>
      <PageHeader title={t('menu.statistics')} subtitle={t('statistics.subtitle')} />
      <StatisticsDashboard headingLevel={2} />
    </>
  );
}
