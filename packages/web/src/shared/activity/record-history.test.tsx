import type { TActivityInfo } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareDayjs } from '../i18n/antd-locales.ts';
import { apiAnswer } from '../test/api-answer.ts';
import { renderWithProviders } from '../test/render-with-providers.tsx';
import { screenTestHooks } from '../test/screen-test-hooks.ts';
import { signInAs } from '../test/test-session.ts';
import { RecordHistory } from './record-history.tsx';

function entry(id: number, extra: Partial<TActivityInfo> = {}): TActivityInfo {
  return {
    activityId: id,
    at: `2026-11-${String(10 + id).padStart(2, '0')}T08:00:00Z`,
    kind: 'family.update',
    userId: 1,
    userLogin: 'admin',
    companyId: null,
    companyName: null,
    recordType: 'family',
    recordId: '42',
    changes: { revitFamilyName: { old: `Damper ${id - 1}`, new: `Damper ${id}` } },
    detail: null,
    ip: null,
    ...extra,
  };
}

type TBody = { page: number; pageSize: number } & Record<string, unknown>;
let finds: TBody[] = [];
let total = 2;

describe('RecordHistory', { timeout: 30_000 }, () => {
  screenTestHooks();
  // The app loads dayjs's localized formats with its layout; dates are written as the screens write them.
  beforeAll(() => prepareDayjs());

  beforeEach(() => {
    finds = [];
    total = 2;
    signInAs(['partnermanagement.read']);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (!url.endsWith('/activity/find')) return Promise.resolve(apiAnswer(404));
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as TBody;
        finds.push(body);
        const count = Math.min(body.pageSize, total);
        // The server answers newest first, as asked.
        const rows = Array.from({ length: count }, (_, i) => entry(total - i));
        return Promise.resolve(apiAnswer(200, { activityInfos: rows, totalCount: total }));
      }),
    );
  });

  const renderHistory = () =>
    renderWithProviders(<RecordHistory recordType="family" recordId="42" recordName="Damper" />, {
      url: '/families/42',
    });

  it('asks for the record’s own rows, newest first, and shows who changed what and when', async () => {
    renderHistory();
    const entries = await screen.findAllByTestId('record-history-entry');
    expect(finds[0]).toEqual({
      recordTypes: ['family'],
      recordId: '42',
      page: 1,
      pageSize: 10,
      sort: [{ field: 'at', dir: 'desc' }],
    });
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByText('Family changed')).toBeTruthy();
    expect(entries[0]!.textContent).toMatch(/by admin, 11\/12\/2026 \d+:\d\d:\d\d/);
    const change = within(entries[0]!).getByTestId('activity-change');
    expect(within(change).getByTestId('activity-before').textContent).toBe('Damper 1');
    expect(within(change).getByTestId('activity-after').textContent).toBe('Damper 2');
    const link = screen.getByRole('link', { name: 'Open in the activity log' });
    expect(link.getAttribute('href')).toBe('/activity?type=family&record=42');
  });

  it('folds the fields of a create until asked', async () => {
    total = 1;
    const created = entry(1, {
      kind: 'family.create',
      changes: { revitFamilyName: { old: null, new: 'Damper' }, revitVersion: { old: null, new: '2024' } },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(apiAnswer(200, { activityInfos: [created], totalCount: 1 }))),
    );
    renderHistory();
    const [only] = await screen.findAllByTestId('record-history-entry');
    expect(within(only!).getByText('Family created')).toBeTruthy();
    expect(within(only!).queryByTestId('activity-change')).toBeNull();
    fireEvent.click(within(only!).getByRole('button', { name: "Show the record's fields (2)" }));
    expect(within(only!).getAllByTestId('activity-change')).toHaveLength(2);
  });

  it('shows more on demand', async () => {
    total = 14;
    renderHistory();
    expect(await screen.findAllByTestId('record-history-entry')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show more (10 of 14)' }));
    await waitFor(() => expect(screen.getAllByTestId('record-history-entry')).toHaveLength(14));
    expect(finds.at(-1)?.pageSize).toBe(20);
    expect(screen.queryByTestId('record-history-more')).toBeNull();
  });

  it('says so when nothing has been recorded', async () => {
    total = 0;
    renderHistory();
    await screen.findByText('No changes have been recorded for this record yet.');
  });
});
