import { BarChartOutlined } from '@ant-design/icons';
import { Flex, Skeleton, theme } from 'antd';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

// Fetched only for those who see it (admins and partners): readers' home pages stay light.
const StatisticsDashboard = lazy(async () => ({
  default: (await import('../../../shared/statistics/statistics-dashboard.tsx')).StatisticsDashboard,
}));

/** The statistics dashboard at the top of an admin's or partner's home page, with a link to its own page. */
export function HomeStatistics() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid="home-statistics" style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Flex align="center" gap={8}>
          <span aria-hidden style={{ color: token.colorPrimary }}>
            <BarChartOutlined />
          </span>
          <h2 id={titleId} style={{ margin: 0, fontSize: token.fontSizeHeading4, fontWeight: 600 }}>
            {t('menu.statistics')}
          </h2>
        </Flex>
        <Link to="/statistics" data-testid="home-statistics-link">
          {t('statistics.openPage')}
        </Link>
      </Flex>
      <Suspense
        fallback={
          <div aria-busy="true">
            <span className="sr-only">{t('list.loading')}</span>
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        }
      >
        <StatisticsDashboard headingLevel={3} />
      </Suspense>
    </section>
  );
}
