import type { TApprovalDecision, TRevitFamily } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer } from '../../../../shared/test/api-answer.ts';
import { renderRoutes } from '../../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../../shared/test/test-session.ts';
import { FamilyPage } from './family-page.tsx';

const ADMIN = [
  'adminmanagement.read',
  'adminmanagement.update',
  'contentmanagement.read',
  'contentmanagement.update',
  'contentmanagement.delete',
];
const PARTNER = ['contentmanagement.read', 'contentmanagement.create', 'contentmanagement.update'];
const READER = ['contentmanagement.read'];

const family = (id: number, name: string, extra: Partial<TRevitFamily> = {}): TRevitFamily => ({
  revitFamilyId: id,
  revitFamilyName: name,
  revitVersion: '2024',
  revitFamilyVersion: null,
  revitFamilyInternalVersion: null,
  revitFamilyCategoryId: null,
  categoryName: null,
  revitFamilyRating: null,
  revitFamilyDescription: null,
  revitFamilyTags: [],
  revitFamilyFileName: 'door.rfa',
  revitFamilyFileHash: 'a'.repeat(64),
  revitFamilyFileSize: 1000,
  revitFamilyPictureFileName: null,
  revitFamilyPictureHash: null,
  pictureFromFile: false,
  omniClassCode: null,
  revitCategory: null,
  typeCatalogFileName: null,
  typeSource: null,
  typeCount: 0,
  revitFamilyTypes: [],
  revitFamilyVersions: [],
  parameterListId: null,
  parameterListCode: null,
  cost: null,
  companyId: 7,
  companyName: 'Acme',
  downloads: 0,
  createdOn: '2026-11-01T10:00:00Z',
  lastUpdate: '2026-11-01T10:00:00Z',
  tifStatus: 'A',
  tifAction: null,
  tifOriginalId: null,
  tifTempId: null,
  ...extra,
});

const original = family(11, 'Door', { tifTempId: 12 });
const changeRequest = family(12, 'Door wider', { tifStatus: 'RfC', tifOriginalId: 11 });
const refused = family(13, 'Window', { tifStatus: 'D', tifAction: 'd' });
const refusal: TApprovalDecision = {
  decisionId: 4,
  recordKind: 'family',
  recordId: 13,
  originalId: null,
  resultId: 13,
  kind: 'new',
  action: 'd',
  effect: 'disapprove',
  name: 'Window',
  companyId: 7,
  reason: 'Name it by its width',
  comment: 'Thanks for sending it',
  decidedBy: 'admin',
  decidedOn: '2026-11-03T09:30:00Z',
};

type TCall = { url: string; body: Record<string, unknown> };
let calls: TCall[] = [];
let families: Map<number, TRevitFamily>;

function serve(url: string, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
  calls.push({ url, body });
  const get = /^api\/family\/get\/(\d+)$/.exec(url);
  if (get) {
    const found = families.get(Number(get[1]));
    return Promise.resolve(
      found ? apiAnswer(200, { revitFamilyInfos: [found] }) : apiAnswer(404, { revitFamilyInfos: [] }),
    );
  }
  if (url === 'api/approvals/act') {
    // The change is applied to its original, and the request item is gone.
    families.delete(12);
    families.set(11, { ...original, revitFamilyName: 'Door wider', tifTempId: null });
    return Promise.resolve(
      apiAnswer(200, {
        approvalResults: [
          { kind: 'family', id: 12, decisionId: 9, effect: 'applyToOriginal', resultId: 11, tifStatus: null },
        ],
      }),
    );
  }
  if (url === 'api/approvals/decisions') {
    const ids = (body.recordIds as number[] | undefined) ?? [];
    return Promise.resolve(
      apiAnswer(200, {
        approvalDecisionInfos: ids.includes(13) ? [refusal] : [],
        totalCount: ids.includes(13) ? 1 : 0,
      }),
    );
  }
  return Promise.resolve(apiAnswer(404, {}));
}

function renderPage(url: string) {
  return renderRoutes(
    [
      { path: '/families/:id', element: <FamilyPage /> },
      { path: '/families', element: <p>Library</p> },
    ],
    url,
  );
}

describe('FamilyApproval', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    calls = [];
    families = new Map([original, changeRequest, refused].map((f) => [f.revitFamilyId, f]));
    vi.stubGlobal('fetch', vi.fn(serve));
  });

  it("gives an admin the inbox's actions on a pending change, and after approving shows the original it changed", async () => {
    signInAs(ADMIN);
    const { router } = renderPage('/families/12');
    const banner = await screen.findByTestId('family-pending');
    expect(banner.className).toContain('ant-alert-warning');
    expect(banner.textContent).toContain('Change requested');
    expect(banner.textContent).toContain('This request waits for your decision.');
    expect(banner.textContent).not.toContain('waits for an administrator');
    const decision = screen.getByTestId('family-decision');
    expect(
      within(decision)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Disapprove', 'Ignore', 'Remove', 'Publish as a new record']);
    expect(within(banner).getByRole('link', { name: 'Open the published family' }).getAttribute('href')).toBe(
      '/families/11',
    );

    fireEvent.change(within(decision).getByTestId('approval-comment'), { target: { value: 'Good change' } });
    await act(async () => {
      fireEvent.click(within(decision).getByRole('button', { name: 'Approve' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/families/11'));
    expect(calls.find((c) => c.url === 'api/approvals/act')?.body).toEqual({
      requests: [{ kind: 'family', id: 12 }],
      action: 'a',
      comment: 'Good change',
    });
    await screen.findByRole('heading', { level: 1, name: 'Door wider' });
    expect(screen.queryByTestId('family-pending')).toBeNull();
    expect(screen.queryByText('Family not found')).toBeNull();
    // The request item is gone: its page was never asked for again.
    expect(calls.filter((c) => c.url === 'api/family/get/12')).toHaveLength(1);
  });

  it('asks the admin for a reason before disapproving', async () => {
    signInAs(ADMIN);
    renderPage('/families/12');
    const decision = await screen.findByTestId('family-decision');
    fireEvent.click(within(decision).getByRole('button', { name: 'Disapprove' }));
    expect(await within(decision).findByText('Give a reason to disapprove.')).toBeTruthy();
    expect(calls.filter((c) => c.url === 'api/approvals/act')).toEqual([]);
  });

  it('shows a partner the state of a pending request in words, without actions', async () => {
    signInAs(PARTNER, { id: 2, companyId: 7 });
    renderPage('/families/12');
    const banner = await screen.findByTestId('family-pending');
    expect(banner.className).toContain('ant-alert-warning');
    expect(banner.textContent).toContain('Change requested');
    expect(banner.textContent).toContain('This request waits for an administrator.');
    expect(screen.queryByTestId('family-decision')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows a partner a disapproved request with the reason and comment of its last decision', async () => {
    signInAs(PARTNER, { id: 2, companyId: 7 });
    renderPage('/families/13');
    const banner = await screen.findByTestId('family-pending');
    expect(banner.className).toContain('ant-alert-error');
    expect(banner.textContent).toContain('Disapproved');
    expect(banner.textContent).toContain('This request was disapproved.');
    expect(banner.textContent).not.toContain('waits for an administrator');
    expect((await within(banner).findByTestId('family-decision-reason')).textContent).toBe(
      'Name it by its width',
    );
    expect(within(banner).getByTestId('family-decision-comment').textContent).toBe('Thanks for sending it');
    expect(within(banner).getByTestId('family-last-decision').textContent).toContain('Disapproved by admin');
    expect(calls.find((c) => c.url === 'api/approvals/decisions')?.body).toEqual({
      recordIds: [13],
      recordKinds: ['family'],
      pageSize: 1,
    });
    expect(
      within(banner).getByRole('link', { name: 'All requests and decisions' }).getAttribute('href'),
    ).toBe('/approvals?view=decided');
  });

  it('tells a partner a change is waiting on the published family, and an end user nothing', async () => {
    signInAs(PARTNER, { id: 2, companyId: 7 });
    const { unmount } = renderPage('/families/11');
    const note = await screen.findByTestId('family-change-pending');
    expect(within(note).getByRole('link', { name: 'Open the request' }).getAttribute('href')).toBe(
      '/families/12',
    );
    unmount();
    signInAs(READER, { id: 3, companyId: 7 });
    renderPage('/families/11');
    await screen.findByRole('heading', { level: 1, name: 'Door' });
    expect(screen.queryByTestId('family-change-pending')).toBeNull();
    expect(screen.queryByTestId('family-pending')).toBeNull();
    expect(calls.filter((c) => c.url === 'api/approvals/decisions')).toEqual([]);
  });
});
