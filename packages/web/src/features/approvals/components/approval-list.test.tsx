import type { TApprovalRequest, TRevitFamily } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { ApprovalList } from './approval-list.tsx';

const ADMIN = [
  'adminmanagement.read',
  'adminmanagement.update',
  'contentmanagement.read',
  'contentmanagement.update',
];

const family = (id: number, name: string, extra: Partial<TRevitFamily> = {}): TRevitFamily => ({
  revitFamilyId: id,
  revitFamilyName: name,
  revitVersion: '2019',
  revitFamilyVersion: null,
  revitFamilyInternalVersion: null,
  revitFamilyCategoryId: null,
  categoryName: null,
  revitFamilyRating: null,
  revitFamilyDescription: null,
  revitFamilyTags: [],
  revitFamilyFileName: 'door.rfa',
  revitFamilyFileHash: 'aaa',
  revitFamilyFileSize: 10,
  revitFamilyPictureFileName: null,
  revitFamilyPictureHash: null,
  pictureFromFile: false,
  omniClassCode: null,
  revitCategory: null,
  typeCatalogFileName: null,
  typeSource: null,
  typeCount: 1,
  revitFamilyTypes: [
    { typeName: 'T1', parameters: [{ name: 'Width', value: '900', unit: 'mm', dataType: null }] },
  ],
  parameterListId: null,
  parameterListCode: null,
  cost: null,
  companyId: 7,
  companyName: 'Acme',
  downloads: 0,
  createdOn: '2025-01-01T00:00:00Z',
  lastUpdate: '2025-01-01T00:00:00Z',
  tifStatus: 'A',
  tifAction: null,
  tifOriginalId: null,
  tifTempId: null,
  ...extra,
});

const change: TApprovalRequest = {
  recordKind: 'family',
  id: 12,
  kind: 'change',
  tifStatus: 'RfC',
  name: 'Door asked',
  companyId: 7,
  companyName: 'Acme',
  requestedBy: 'partner1',
  requestedOn: '2025-01-01T00:00:00Z',
  ageDays: 3,
  record: family(12, 'Door asked', {
    tifStatus: 'RfC',
    tifOriginalId: 11,
    revitVersion: '2021',
    revitFamilyFileHash: 'bbb',
  }),
  original: family(11, 'Door', { tifTempId: 12 }),
  changedFields: ['revitFamilyName', 'revitVersion', 'revitFamilyFileHash'],
  actions: ['a', 'd', 'i', 'r', 'DUP'],
};
const fresh: TApprovalRequest = {
  ...change,
  id: 13,
  kind: 'new',
  tifStatus: 'RfA',
  name: 'Window',
  record: family(13, 'Window', { tifStatus: 'RfA' }),
  original: null,
  changedFields: [],
  actions: ['a', 'd', 'i', 'r'],
};

let finds: Record<string, unknown>[] = [];
let acts: Record<string, unknown>[] = [];
let actAnswer: () => Response = () => apiAnswer(200, { approvalResults: [] });

function serve(url: string, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
  if (url === 'api/approvals/find') {
    finds.push(body);
    return Promise.resolve(apiAnswer(200, { approvalInfos: [change, fresh], totalCount: 2 }));
  }
  if (url === 'api/approvals/act') {
    acts.push(body);
    return Promise.resolve(actAnswer());
  }
  if (url === 'api/company/find')
    return Promise.resolve(apiAnswer(200, { companyInfos: [{ companyId: 7, companyName: 'Acme' }] }));
  return Promise.resolve(apiAnswer(200, {}));
}

const location = () => screen.getByTestId('location').textContent;

async function openReview(name: string) {
  const table = await screen.findByTestId('approval-list');
  fireEvent.click(await within(table).findByRole('button', { name: `Review ${name}` }));
  return screen.findByTestId('approval-compare');
}

describe('ApprovalList', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    finds = [];
    acts = [];
    actAnswer = () => apiAnswer(200, { approvalResults: [] });
    signInAs(ADMIN);
    vi.stubGlobal('fetch', vi.fn(serve));
  });

  it('lists the waiting requests, the longest waiting first, with their kind and age', async () => {
    renderWithProviders(<ApprovalList />, { url: '/approvals' });
    const table = await screen.findByTestId('approval-list');
    await within(table).findByText('Door asked');
    expect(finds[0]).toEqual({ page: 1, pageSize: 20, sort: [{ field: 'requestedOn', dir: 'asc' }] });
    expect(
      within(table)
        .getAllByTestId('approval-kind')
        .map((k) => k.textContent),
    ).toEqual(['Change', 'New family']);
    expect(within(table).getAllByTestId('approval-age')[0]!.textContent).toBe('3 d');
    expect(screen.getByText('Requests waiting: 2')).toBeTruthy();
  });

  it('sends the kind and age filters from the URL', async () => {
    renderWithProviders(<ApprovalList />, { url: '/approvals?kind=change&age=7&companies=7' });
    await screen.findByText('Door asked');
    expect(finds.at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ field: 'requestedOn', dir: 'asc' }],
      kinds: ['change'],
      companyIds: [7],
      olderThanDays: 7,
    });
    expect(location()).toBe('?kind=change&age=7&companies=7');
  });

  it('shows the original beside the proposal with the changed fields marked, and a button per allowed action', async () => {
    renderWithProviders(<ApprovalList />, { url: '/approvals' });
    const compare = await openReview('Door asked');
    expect(within(compare).getByTestId('compare-revitVersion').getAttribute('data-changed')).toBe('true');
    expect(within(compare).getByTestId('compare-revitFamilyFileHash').textContent).toContain('Changed');
    expect(
      within(compare).getByTestId('compare-revitFamilyDescription').getAttribute('data-changed'),
    ).toBeNull();
    expect(within(compare).getByTestId('compare-revitFamilyTypes').textContent).toContain('Width = 900 mm');
    const detail = screen.getByTestId('approval-detail');
    expect(
      within(detail)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(
      expect.arrayContaining(['Approve', 'Disapprove', 'Ignore', 'Remove', 'Publish as a new record']),
    );
    expect(within(detail).queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('asks for a reason before disapproving, then sends it with the comment and announces it', async () => {
    renderWithProviders(<ApprovalList />, { url: '/approvals' });
    await openReview('Door asked');
    fireEvent.click(screen.getByTestId('approval-action-d'));
    expect(await screen.findByText('Give a reason to disapprove.')).toBeTruthy();
    expect(acts).toEqual([]);
    fireEvent.change(screen.getByTestId('approval-reason'), { target: { value: 'Wrong file' } });
    fireEvent.change(screen.getByTestId('approval-comment'), { target: { value: 'Use 2019' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('approval-action-d'));
    });
    await waitFor(() =>
      expect(acts).toEqual([
        { requests: [{ kind: 'family', id: 12 }], action: 'd', reason: 'Wrong file', comment: 'Use 2019' },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByTestId('approval-announcement').textContent).toBe('Disapproved: 1'),
    );
  });

  it('says the request was changed by someone else when the server answers 409 changedAtOnce', async () => {
    actAnswer = () =>
      apiAnswer(409, { errorDetails: [{ key: 'changedAtOnce' }] }, [
        '[Title] Conflict',
        '[Detail] Another change',
      ]);
    renderWithProviders(<ApprovalList />, { url: '/approvals' });
    await openReview('Window');
    await act(async () => {
      fireEvent.click(screen.getByTestId('approval-action-a'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('approval-announcement').textContent).toBe(
        'Changed by someone else meanwhile; the list was reloaded and nothing was decided.',
      ),
    );
    await waitFor(() => expect(finds.length).toBeGreaterThan(1));
  });
});
