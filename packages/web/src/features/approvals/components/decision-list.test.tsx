import type { TApprovalDecision } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { ApprovalsScreen } from './approvals-screen.tsx';

const PARTNER = ['contentmanagement.read', 'contentmanagement.create', 'contentmanagement.update'];
const ADMIN = [...PARTNER, 'adminmanagement.read', 'adminmanagement.update'];

const decision = (extra: Partial<TApprovalDecision>): TApprovalDecision => ({
  decisionId: 1,
  recordKind: 'family',
  recordId: 20,
  originalId: null,
  resultId: 20,
  kind: 'new',
  action: 'a',
  effect: 'publish',
  name: 'Window',
  companyId: 7,
  reason: null,
  comment: null,
  decidedBy: 'admin',
  decidedOn: '2026-11-03T09:30:00Z',
  ...extra,
});

const refusedChange = decision({
  decisionId: 2,
  recordId: 31,
  originalId: 30,
  resultId: 31,
  kind: 'change',
  action: 'd',
  effect: 'disapprove',
  name: 'Door wider',
  reason: 'Keep the old width',
  comment: 'Ask me first',
  decidedOn: '2026-11-04T09:30:00Z',
});
const approvedChange = decision({
  decisionId: 3,
  recordId: 33,
  originalId: 30,
  resultId: 30,
  kind: 'change',
  effect: 'applyToOriginal',
  name: 'Door',
});
const droppedNew = decision({
  decisionId: 4,
  recordId: 40,
  resultId: 40,
  action: 'i',
  effect: 'drop',
  name: 'Chair',
});

let bodies: { url: string; body: Record<string, unknown> }[] = [];

function serve(url: string, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
  bodies.push({ url, body });
  if (url === 'api/approvals/decisions') {
    return Promise.resolve(
      apiAnswer(200, {
        approvalDecisionInfos: [refusedChange, approvedChange, droppedNew],
        totalCount: 3,
      }),
    );
  }
  if (url === 'api/approvals/find')
    return Promise.resolve(apiAnswer(200, { approvalInfos: [], totalCount: 0 }));
  if (url === 'api/company/find') return Promise.resolve(apiAnswer(200, { companyInfos: [] }));
  return Promise.resolve(apiAnswer(200, {}));
}

const decisionCalls = () => bodies.filter((c) => c.url === 'api/approvals/decisions').map((c) => c.body);
const location = () => screen.getByTestId('location').textContent;

describe('DecisionList', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    bodies = [];
    vi.stubGlobal('fetch', vi.fn(serve));
  });

  it('lists the decisions newest first with the kind, the decision in words, the reason and the comment', async () => {
    signInAs(PARTNER, { id: 2, companyId: 7 });
    renderWithProviders(<ApprovalsScreen />, { url: '/approvals?view=decided' });
    const table = await screen.findByTestId('decision-list');
    await within(table).findByText('Door wider');
    expect(decisionCalls()[0]).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ field: 'decidedOn', dir: 'desc' }],
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Requests');
    expect(
      within(table)
        .getAllByTestId('decision-action')
        .map((a) => a.textContent),
    ).toEqual(['Disapproved', 'Approved', 'Ignored']);
    expect(
      within(table)
        .getAllByTestId('approval-kind')
        .map((k) => k.textContent),
    ).toEqual(['Change', 'Change', 'New family']);
    expect(within(table).getByTestId('decision-reason').textContent).toBe('Keep the old width');
    expect(within(table).getByTestId('decision-comment').textContent).toBe('Ask me first');
    // The disapproved request itself, the original an approved change went to, nothing for a dropped new one.
    expect(within(table).getByRole('link', { name: 'Door wider' }).getAttribute('href')).toBe('/families/31');
    expect(within(table).getByRole('link', { name: 'Door' }).getAttribute('href')).toBe('/families/30');
    expect(within(table).queryByRole('link', { name: 'Chair' })).toBeNull();
    expect(screen.getByText('Decisions: 3')).toBeTruthy();
  });

  it('filters by kind, keeping the view in the URL', async () => {
    signInAs(PARTNER, { id: 2, companyId: 7 });
    renderWithProviders(<ApprovalsScreen />, { url: '/approvals?view=decided&kind=change&q=door' });
    await screen.findByText('Door wider');
    expect(decisionCalls().at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      sort: [{ field: 'decidedOn', dir: 'desc' }],
      search: 'door',
      kinds: ['change'],
    });
    const box = screen.getByLabelText('Search decisions');
    fireEvent.change(box, { target: { value: 'window' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(location()).toBe('?q=window&kind=change&view=decided'));
    await waitFor(() =>
      expect(decisionCalls().at(-1)).toMatchObject({ search: 'window', kinds: ['change'] }),
    );
  });

  it('switches between the open requests and the decisions', async () => {
    signInAs(ADMIN);
    renderWithProviders(<ApprovalsScreen />, { url: '/approvals' });
    await screen.findByTestId('approval-list');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Approvals');
    expect(decisionCalls()).toEqual([]);
    fireEvent.click(screen.getByText('Decided'));
    await screen.findByTestId('decision-list');
    expect(location()).toBe('?view=decided');
    fireEvent.click(screen.getByText('Open'));
    await screen.findByTestId('approval-list');
    await waitFor(() => expect(location()).toBe(''));
  });
});
