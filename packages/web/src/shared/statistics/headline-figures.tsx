import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { TStatisticsTotals } from '@portal/contract';
import { Card, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatNumber } from '../i18n/number-format.ts';
import { changeOf, type TChange } from './statistics-range.ts';

type TFigureKey = keyof TStatisticsTotals;

/** The headline figures in page order; a rise is good news for the first four, bad for the rest. */
const FIGURES: readonly { key: TFigureKey; link?: string; riseIsGood: boolean }[] = [
  { key: 'signIns', riseIsGood: true },
  { key: 'activeUsers', riseIsGood: true },
  { key: 'registrations', riseIsGood: true },
  { key: 'downloads', riseIsGood: true },
  { key: 'pendingApprovals', link: '/approvals', riseIsGood: false },
  { key: 'licencesExpiringSoon', link: '/licences?active=true&expiring=true', riseIsGood: false },
];

/** A change as a signed percentage in the language: `+25%`, `−8.5%`, `+25 %` in French. */
export function formatChange(ratio: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: Math.abs(ratio) < 0.1 ? 1 : 0,
  }).format(ratio);
}

function ChangeLine({
  change,
  riseIsGood,
  previous,
}: {
  change: TChange;
  riseIsGood: boolean;
  previous: string;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const good = change.kind === 'up' ? riseIsGood : !riseIsGood;
  // Only the arrow is coloured: text in green or red on white would be too faint to read.
  const arrowColor = good ? token.colorSuccess : token.colorError;
  let shown;
  switch (change.kind) {
    case 'new':
      shown = <Tag style={{ marginInlineEnd: 0 }}>{t('statistics.change.new')}</Tag>;
      break;
    case 'same':
      shown = <span>{t('statistics.change.same')}</span>;
      break;
    case 'up':
    case 'down':
      shown = (
        <span style={{ fontWeight: 600 }}>
          <span aria-hidden style={{ color: arrowColor, marginInlineEnd: 4 }}>
            {change.kind === 'up' ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
          </span>
          {formatChange(change.ratio, language)}
        </span>
      );
      break;
  }
  return (
    <div
      data-testid="statistics-change"
      data-change={change.kind}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}
    >
      {shown}
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t('statistics.change.previous', { value: previous })}
      </Typography.Text>
    </div>
  );
}

export type THeadlineFiguresProps = { totals: TStatisticsTotals; previousTotals: TStatisticsTotals };

/** The period's totals, large, each with its change against the period before and, for what waits, a link. */
export function HeadlineFigures({ totals, previousTotals }: THeadlineFiguresProps) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <ul
      aria-label={t('statistics.figuresLabel')}
      data-testid="statistics-figures"
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 170px), 1fr))',
        gap: 12,
      }}
    >
      {FIGURES.map(({ key, link, riseIsGood }) => (
        <li key={key} data-testid={`statistics-figure-${key}`} style={{ minWidth: 0 }}>
          <Card size="small" style={{ height: '100%' }}>
            <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
              <Typography.Text type="secondary">{t(`statistics.figures.${key}`)}</Typography.Text>
              <span
                data-testid="statistics-figure-value"
                style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.2, color: token.colorTextHeading }}
              >
                {formatNumber(totals[key], language)}
              </span>
              <ChangeLine
                change={changeOf(totals[key], previousTotals[key])}
                riseIsGood={riseIsGood}
                previous={formatNumber(previousTotals[key], language)}
              />
              {link ? (
                <Link
                  to={link}
                  data-testid={`statistics-link-${key}`}
                  style={{ minHeight: 24, display: 'inline-block' }}
                >
                  {t(`statistics.links.${key}`)}
                </Link>
              ) : null}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
