import type { TTerms } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { EVERYONE, TermsForm, termsInputOf, type TTermsFormProps } from './terms-form.tsx';

const acme: TTerms = {
  termsId: 5,
  companyId: 42,
  companyName: 'Acme',
  termsTitle: 'Acme terms',
  termsDescription: '# Acme\n\nBe nice.',
  active: true,
  lastUpdate: '2026-11-20T10:00:00.000Z',
  createdOn: '2026-11-01T10:00:00.000Z',
};

type TBody = { termsInfos?: Record<string, unknown>[] };
let saves: TBody[] = [];

function renderForm(props: Partial<TTermsFormProps>) {
  const onClose = vi.fn();
  renderWithProviders(<TermsForm open terms={null} isAdmin onClose={onClose} {...props} />);
  return { onClose };
}

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('terms-form-save'));
  });

describe('termsInputOf', () => {
  it('sends Everyone as companyId null and keeps the Markdown as written', () => {
    expect(
      termsInputOf(null, {
        termsTitle: ' Portal terms ',
        companyId: EVERYONE,
        termsDescription: '  # Hi\n',
        active: true,
      }),
    ).toEqual({ companyId: null, termsTitle: 'Portal terms', termsDescription: '  # Hi\n', active: true });
    expect(
      termsInputOf(acme, { termsTitle: 'Acme', companyId: 42, termsDescription: 'x', active: false }),
    ).toEqual({ termsId: 5, companyId: 42, termsTitle: 'Acme', termsDescription: 'x', active: false });
  });
});

describe('TermsForm', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    saves = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as TBody;
        const company = String(url).includes('/company/find');
        if (!company) saves.push(body);
        const answer = company
          ? { responseCode: 200, errorMessages: [], companyInfos: [{ companyId: 42, companyName: 'Acme' }] }
          : { responseCode: 200, errorMessages: [], termsInfos: [] };
        return Promise.resolve(
          new Response(JSON.stringify(answer), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    );
  });

  it('previews the text of terms being edited, beside the editor', async () => {
    renderForm({ terms: acme });
    const preview = await screen.findByTestId('terms-preview-body');
    await waitFor(() => expect(preview.querySelector('h1')?.textContent).toBe('Acme'));
    fireEvent.change(screen.getByTestId('terms-body'), { target: { value: '**Bold** move' } });
    await waitFor(() => expect(preview.querySelector('strong')?.textContent).toBe('Bold'));
  });

  it('asks a partner (no Everyone) to choose a company, and sends nothing without one', async () => {
    renderForm({ isAdmin: false });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Our terms' } });
    fireEvent.change(screen.getByTestId('terms-body'), { target: { value: 'Text' } });
    await save();
    await screen.findByText('Company is required');
    expect(saves).toHaveLength(0);
  });

  it('saves portal-wide terms of an admin with companyId null', async () => {
    const { onClose } = renderForm({});
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Portal terms' } });
    fireEvent.change(screen.getByTestId('terms-body'), { target: { value: '# Welcome' } });
    await save();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.termsInfos).toEqual([
      { companyId: null, termsTitle: 'Portal terms', termsDescription: '# Welcome', active: true },
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
