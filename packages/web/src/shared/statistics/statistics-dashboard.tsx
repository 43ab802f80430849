import { STATISTICS_MAX_DAYS, type TStatisticsInfo, type TStatisticsRequest } from '@portal/contract';
import { Button, Card, DatePicker, Flex, Result, Select, Skeleton, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../auth/session-store.ts';
import { useSession } from '../auth/use-session.ts';
import { formatNumber } from '../i18n/number-format.ts';
import { CompanyPicker } from '../ui/company-picker.tsx';
import { isApiError } from '../api/api-error.ts';
import { ChartCard } from './chart-card.tsx';
import { DailyChart } from './daily-chart.tsx';
import { useStatistics } from './get-statistics.ts';
import { HeadlineFigures } from './headline-figures.tsx';
import { RankingBars } from './ranking-bars.tsx';
import { dailyCsv, rankingCsv, saveChartCsv, type TRankingRow } from './statistics-csv.ts';
import {
  DAY_FORMAT,
  DEFAULT_PRESET,
  isAllowedRange,
  presetOf,
  presetRange,
  RANGE_PRESETS,
  type TDayRange,
  type TRangePreset,
} from './statistics-range.ts';
import { useScreens } from '../theme/use-min-width.ts';

// The admins' company filter uses 0 for "every company": the contract's ids start at 1.
const ALL_COMPANIES = 0;
const CUSTOM = 'custom';

/** The browser's IANA time zone, so a day on the dashboard is the viewer's calendar day. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Whether nothing at all happened in the period (what waits now does not count). */
function isQuiet(info: TStatisticsInfo): boolean {
  const { signIns, activeUsers, registrations, downloads } = info.totals;
  return (
    signIns + activeUsers + registrations + downloads === 0 &&
    info.days.every((day) => day.signIns + day.activeUsers + day.registrations + day.downloads === 0) &&
    info.topFamilies.length + info.topCategories.length + info.downloadsByCompany.length === 0
  );
}

export type TStatisticsDashboardProps = {
  /** h2 for the charts on the statistics page, h3 inside the home page's statistics section. */
  headingLevel: 2 | 3;
};

/**
 * What the portal's library did in a period, for admins and partners (partnermanagement.read):
 * headline figures against the period before, sign-ins and downloads per day, the most downloaded
 * families and categories and downloads per company, each chart with a text alternative and a
 * CSV export; a period picker with presets and, for admins, a company filter.
 */
export function StatisticsDashboard({ headingLevel }: TStatisticsDashboardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const session = useSession();
  const isAdmin = can(session, 'adminmanagement.read');
  const [range, setRange] = useState<TDayRange>(() => presetRange(DEFAULT_PRESET));
  const [companyId, setCompanyId] = useState<number>(ALL_COMPANIES);
  const timeZone = useMemo(browserTimeZone, []);
  const idBase = useId();
  const narrow = !useScreens().md;
  const request: TStatisticsRequest = {
    isoStartDate: range.from,
    isoEndDate: range.to,
    ...(timeZone ? { timeZone } : {}),
    ...(companyId !== ALL_COMPANIES ? { companyId } : {}),
  };
  const statistics = useStatistics(request);
  const preset = presetOf(range);
  const number = (value: number) => formatNumber(value, language);
  const dayText = (day: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );

  const pick = (from: Dayjs | null | undefined, to: Dayjs | null | undefined) => {
    if (!from || !to) return;
    const next = { from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) };
    if (isAllowedRange(next)) setRange(next);
  };
  const presetLabel = (key: TRangePreset) => t(`statistics.presets.${key}`);
  const pickerPresets = RANGE_PRESETS.map((key) => {
    const days = presetRange(key);
    return { label: presetLabel(key), value: [dayjs(days.from), dayjs(days.to)] as [Dayjs, Dayjs] };
  });

  const toolbar = (
    <Flex wrap gap={12} align="center" data-testid="statistics-toolbar">
      <Flex align="center" gap={8}>
        <label htmlFor={`${idBase}-preset`}>{t('statistics.period')}</label>
        <Select<string>
          id={`${idBase}-preset`}
          value={preset ?? CUSTOM}
          onChange={(value) => {
            if (value !== CUSTOM) setRange(presetRange(value as TRangePreset));
          }}
          options={[
            ...RANGE_PRESETS.map((key) => ({ value: key, label: presetLabel(key) })),
            { value: CUSTOM, label: t('statistics.presets.custom'), disabled: true },
          ]}
          style={{ minWidth: 170 }}
          data-testid="statistics-preset"
        />
      </Flex>
      {narrow ? (
        // A range picker's two months are wider than a phone: one picker per end there.
        <Flex gap={8} wrap>
          <DatePicker
            value={dayjs(range.from)}
            allowClear={false}
            format="L"
            placeholder={t('statistics.from')}
            disabledDate={(current) =>
              current.isAfter(dayjs(range.to), 'day') ||
              dayjs(range.to).diff(current, 'day') >= STATISTICS_MAX_DAYS
            }
            onChange={(from) => pick(from, dayjs(range.to))}
            style={{ width: 150 }}
            data-testid="statistics-from"
          />
          <DatePicker
            value={dayjs(range.to)}
            allowClear={false}
            format="L"
            placeholder={t('statistics.to')}
            disabledDate={(current) =>
              current.isAfter(dayjs(), 'day') ||
              current.isBefore(dayjs(range.from), 'day') ||
              current.diff(dayjs(range.from), 'day') >= STATISTICS_MAX_DAYS
            }
            onChange={(to) => pick(dayjs(range.from), to)}
            style={{ width: 150 }}
            data-testid="statistics-to"
          />
        </Flex>
      ) : (
        <DatePicker.RangePicker
          value={[dayjs(range.from), dayjs(range.to)]}
          allowClear={false}
          format="L"
          presets={pickerPresets}
          placeholder={[t('statistics.from'), t('statistics.to')]}
          disabledDate={(current, info) => {
            if (current.isAfter(dayjs(), 'day')) return true;
            const from = info?.from;
            return from ? Math.abs(current.diff(from, 'day')) >= STATISTICS_MAX_DAYS : false;
          }}
          onChange={(values) => pick(values?.[0], values?.[1])}
          data-testid="statistics-range"
        />
      )}
      {isAdmin ? (
        <Flex align="center" gap={8} style={{ minWidth: 0, flex: '0 1 340px' }}>
          <label htmlFor={`${idBase}-company`}>{t('statistics.company')}</label>
          <div style={{ minWidth: 0, flex: 1 }}>
            <CompanyPicker
              id={`${idBase}-company`}
              value={companyId}
              onChange={(next) => setCompanyId(next ?? ALL_COMPANIES)}
              leading={{ value: ALL_COMPANIES, label: t('statistics.allCompanies') }}
              placeholder={t('statistics.allCompanies')}
              testId="statistics-company"
            />
          </div>
        </Flex>
      ) : null}
      {statistics.isFetching && !statistics.isPending ? (
        <Spin size="small" aria-label={t('statistics.updating')} />
      ) : null}
    </Flex>
  );

  let body;
  if (statistics.isPending) {
    body = (
      <div aria-busy="true" data-testid="statistics-loading">
        <span className="sr-only">{t('list.loading')}</span>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (statistics.isError) {
    const { error } = statistics;
    const status = isApiError(error) ? error.status : 0;
    body = (
      <Result
        status={status === 403 ? 'warning' : 'error'}
        title={t('statistics.loadFailed')}
        subTitle={
          <>
            {isApiError(error) && error.message ? <div>{error.displayMessage}</div> : null}
            <div>
              {status === 403
                ? t('state.forbiddenHint')
                : status === 0
                  ? t('state.offlineHint')
                  : t('state.errorHint')}
            </div>
          </>
        }
        extra={
          <Button type="primary" onClick={() => void statistics.refetch()}>
            {t('common.retry')}
          </Button>
        }
        data-testid="statistics-error"
      />
    );
  } else {
    const info = statistics.data;
    body = (
      <Flex vertical gap={16} aria-busy={statistics.isFetching}>
        <HeadlineFigures totals={info.totals} previousTotals={info.previousTotals} />
        {isQuiet(info) ? (
          <Card data-testid="statistics-empty">
            <Typography.Text strong>{t('statistics.emptyTitle')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">
              {t('statistics.emptyText', { from: dayText(range.from), to: dayText(range.to) })}
            </Typography.Text>
          </Card>
        ) : (
          <StatisticsCharts
            info={info}
            range={range}
            headingLevel={headingLevel}
            dayText={dayText}
            number={number}
          />
        )}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} data-testid="statistics-dashboard" style={{ minWidth: 0 }}>
      {toolbar}
      {body}
    </Flex>
  );
}

type TChartsProps = {
  info: TStatisticsInfo;
  range: TDayRange;
  headingLevel: 2 | 3;
  dayText: (day: string) => string;
  number: (value: number) => string;
};

function StatisticsCharts({ info, range, headingLevel, dayText, number }: TChartsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const dailyTitle = t('statistics.dailyTitle');
  const signIns = t('statistics.figures.signIns');
  const downloads = t('statistics.figures.downloads');
  const quietDays = info.days.every((day) => day.signIns + day.downloads === 0);
  const rankingHeaders = { rank: t('statistics.rank'), name: t('statistics.name'), downloads };

  const rankings: { chart: string; title: string; rows: TRankingRow[] }[] = [
    {
      chart: 'top-families',
      title: t('statistics.topFamilies'),
      rows: info.topFamilies.map((f) => ({
        key: String(f.revitFamilyId),
        name: f.revitFamilyName,
        downloads: f.downloads,
      })),
    },
    {
      chart: 'top-categories',
      title: t('statistics.topCategories'),
      rows: info.topCategories.map((c) => ({
        key: String(c.categoryId),
        name: c.categoryName,
        downloads: c.downloads,
      })),
    },
    {
      chart: 'downloads-by-company',
      title: t('statistics.byCompany'),
      rows: info.downloadsByCompany.map((c) => ({
        key: String(c.companyId ?? 'none'),
        name: c.companyName ?? t('statistics.noCompany'),
        downloads: c.downloads,
      })),
    },
  ];

  return (
    <>
      <ChartCard
        title={dailyTitle}
        headingLevel={headingLevel}
        testId="statistics-daily"
        onExport={() =>
          saveChartCsv(
            'daily',
            range,
            dailyCsv(info.days, { date: t('statistics.date'), signIns, downloads }),
          )
        }
      >
        {quietDays ? (
          <Typography.Text type="secondary" data-testid="statistics-daily-empty">
            {t('statistics.noActivity')}
          </Typography.Text>
        ) : (
          <DailyChart
            dateLabel={t('statistics.date')}
            days={info.days}
            signInsLabel={signIns}
            downloadsLabel={downloads}
            language={language}
          />
        )}
        {/* The chart's figures for screen readers; a div hides it, since a table ignores a 1 px width. */}
        <div className="sr-only">
          <table data-testid="statistics-daily-table">
            <caption>
              {t('statistics.tableCaption', {
                chart: dailyTitle,
                from: dayText(range.from),
                to: dayText(range.to),
              })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('statistics.date')}</th>
                <th scope="col">{signIns}</th>
                <th scope="col">{downloads}</th>
              </tr>
            </thead>
            <tbody>
              {info.days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{dayText(day.date)}</th>
                  <td>{number(day.signIns)}</td>
                  <td>{number(day.downloads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ChartCard>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))',
          gap: 16,
        }}
      >
        {rankings.map((ranking) => (
          <ChartCard
            key={ranking.chart}
            title={ranking.title}
            headingLevel={headingLevel}
            testId={`statistics-${ranking.chart}`}
            onExport={() => saveChartCsv(ranking.chart, range, rankingCsv(ranking.rows, rankingHeaders))}
          >
            <RankingBars
              rows={ranking.rows}
              label={ranking.title}
              emptyText={t('statistics.noDownloads')}
              formatNumber={number}
            />
          </ChartCard>
        ))}
      </div>
    </>
  );
}
