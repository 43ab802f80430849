import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, theme } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type TChartCardProps = {
  title: string;
  /** h2 on the statistics page, h3 inside the home page's statistics section. */
  headingLevel: 2 | 3;
  testId: string;
  /** Offers the chart's figures as a CSV file. */
  onExport: () => void;
  children: ReactNode;
};

/** One chart of the dashboard, its own section with a heading and a CSV export of its figures. */
export function ChartCard({ title, headingLevel, testId, onExport, children }: TChartCardProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={titleId} data-testid={testId} style={{ minWidth: 0 }}>
      <Card
        title={
          <Heading
            id={titleId}
            style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 600, whiteSpace: 'normal' }}
          >
            {title}
          </Heading>
        }
        extra={
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={onExport}
            aria-label={t('statistics.exportChart', { chart: title })}
            data-testid="statistics-export"
          >
            {t('statistics.exportCsv')}
          </Button>
        }
        style={{ height: '100%' }}
        styles={{ header: { gap: 8 } }}
      >
        <Flex vertical gap={12}>
          {children}
        </Flex>
      </Card>
    </section>
  );
}
