import { ACTIVITY_RECORD_TYPES, type TActivityInfo } from '@portal/contract';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_KIND_GROUP_NAMES,
  isKindGroup,
  isRecordType,
  recordTypeLabel,
  type TActivityKindGroup,
} from '../../../shared/activity/activity-kinds.ts';
import { searchCompanyOptions } from '../../../shared/api/company-options.ts';
import { SearchSelect } from '../../../shared/firestop/search-select.tsx';
import { FilterSelect } from '../../../shared/list/filter-select.tsx';
import type { TListPatch, TListState } from '../../../shared/list/list-state.ts';
import { findActivityUsers } from '../api/find-activity-users.ts';
import { dayOf, namesOf, type TActivityFilters, type TActivitySortField } from './activity-list-state.ts';

export type TActivityFiltersProps = {
  state: TListState<TActivitySortField, TActivityFilters>;
  onChange: (patch: TListPatch<TActivitySortField, TActivityFilters>) => void;
  /** Admins see every company's rows and may narrow them to one. */
  byCompany: boolean;
  /** The shown rows, which name the chosen user and company after a reload (the URL holds ids). */
  rows: readonly TActivityInfo[];
};

const DAY_FORMAT = 'YYYY-MM-DD';

/** The range picker's presets: the last day, week and month, this month and the one before. */
function usePresets(): { label: string; value: [Dayjs, Dayjs] }[] {
  const { t } = useTranslation();
  const today = dayjs().startOf('day');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: t('activity.range.today'), value: [today, today] },
    { label: t('activity.range.last7'), value: [today.subtract(6, 'day'), today] },
    { label: t('activity.range.last30'), value: [today.subtract(29, 'day'), today] },
    { label: t('activity.range.thisMonth'), value: [today.startOf('month'), today] },
    { label: t('activity.range.lastMonth'), value: [lastMonth.startOf('month'), lastMonth.endOf('month')] },
  ];
}

/** The user, company (admins), kind, record type and time range filters of the activity screen. */
export function ActivityFilters({ state, onChange, byCompany, rows }: TActivityFiltersProps) {
  const { t } = useTranslation();
  const presets = usePresets();
  const { user, company, kind, type, from, to } = state.filters;
  const fromDay = dayOf(from);
  const toDay = dayOf(to);
  const userRow = rows.find((row) => row.userId !== null && row.userId === user[0]);
  const companyRow = rows.find((row) => row.companyId !== null && row.companyId === company[0]);

  return (
    <>
      <div style={{ display: 'grid', width: 180 }}>
        <SearchSelect
          aria-label={t('activity.filterUser')}
          placeholder={t('activity.filterUser')}
          value={user[0] ?? null}
          onChange={(value) => onChange({ filters: { user: value === null ? [] : [value] } })}
          search={findActivityUsers}
          current={userRow?.userLogin ? { value: user[0]!, label: userRow.userLogin } : null}
          queryKey={['activity', 'users']}
          failedText={t('activity.usersFailed')}
          testId="activity-user-filter"
        />
      </div>
      {byCompany ? (
        <div style={{ display: 'grid', width: 200 }}>
          <SearchSelect
            aria-label={t('activity.filterCompany')}
            placeholder={t('activity.filterCompany')}
            value={company[0] ?? null}
            onChange={(value) => onChange({ filters: { company: value === null ? [] : [value] } })}
            search={async (text, signal) =>
              (await searchCompanyOptions(text, signal)).map((c) => ({
                value: c.companyId,
                label: c.companyName,
              }))
            }
            queryKey={['activity', 'companies']}
            current={companyRow?.companyName ? { value: company[0]!, label: companyRow.companyName } : null}
            failedText={t('common.companiesFailed')}
            testId="activity-company-filter"
          />
        </div>
      ) : null}
      <div data-testid="activity-kind-filter">
        <FilterSelect<TActivityKindGroup>
          multiple
          label={t('activity.filterKind')}
          value={namesOf(kind).filter(isKindGroup)}
          onChange={(groups) => onChange({ filters: { kind: groups.join(',') } })}
          options={ACTIVITY_KIND_GROUP_NAMES.map((group) => ({
            value: group,
            label: t(`activity.groups.${group}`),
          }))}
        />
      </div>
      <div data-testid="activity-type-filter">
        <FilterSelect<string>
          multiple
          label={t('activity.filterRecordType')}
          value={namesOf(type).filter(isRecordType)}
          onChange={(types) => onChange({ filters: { type: types.join(','), record: '' } })}
          options={ACTIVITY_RECORD_TYPES.map((value) => ({ value, label: recordTypeLabel(t, value) }))}
        />
      </div>
      {/* The two fields are named by their placeholders (From, To); the group names the pair. */}
      <div role="group" aria-label={t('activity.filterRange')} data-testid="activity-range-filter">
        <DatePicker.RangePicker
          placeholder={[t('activity.rangeFrom'), t('activity.rangeTo')]}
          value={fromDay || toDay ? [fromDay, toDay] : null}
          allowEmpty={[true, true]}
          presets={presets}
          onChange={(dates) =>
            onChange({
              filters: {
                from: dates?.[0] ? dates[0].format(DAY_FORMAT) : '',
                to: dates?.[1] ? dates[1].format(DAY_FORMAT) : '',
              },
            })
          }
        />
      </div>
    </>
  );
}
