import type { TApiToken } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { TokenForm, tokenInputOf } from './token-form.tsx';

const SECRET = `fpt_${'Ab3-'.repeat(10)}xyz`;

const made: TApiToken = {
  apiTokenId: 5,
  apiTokenName: 'Revit add-in',
  scopes: ['lookup'],
  validUntil: '2027-06-30T21:59:59.999Z',
  lastUsed: null,
  createdOn: '2026-06-30T10:00:00.000Z',
  tokenHint: 'fpt_Ab3-',
  createdByUserId: 2,
  createdByLogin: 'partner',
  companyId: 3,
  companyName: 'Firestop Ltd',
  token: SECRET,
};

type TSent = { apiTokenInfos: Record<string, unknown>[] };
let sent: TSent[] = [];

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('token-form-save'));
  });

describe('tokenInputOf', () => {
  it('trims the name, keeps the scopes in their order and ends on the chosen day', () => {
    expect(
      tokenInputOf({
        apiTokenName: '  CI  ',
        scopes: ['download', 'lookup'],
        validUntil: dayjs('2027-01-15T10:00'),
      }),
    ).toEqual({
      apiTokenName: 'CI',
      scopes: ['lookup', 'download'],
      validUntil: dayjs('2027-01-15').endOf('day').toISOString(),
    });
  });
});

describe('TokenForm', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        sent.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as TSent);
        return Promise.resolve(
          new Response(JSON.stringify({ responseCode: 200, errorMessages: [], apiTokenInfos: [made] }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    );
  });

  it('says the name is required and sends nothing', async () => {
    renderWithProviders(<TokenForm open onClose={vi.fn()} />);
    await save();
    await screen.findByText('Name is required');
    expect(sent).toHaveLength(0);
  });

  it('shows the secret once with a copy button and a warning, and forgets it when closed', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const onClose = vi.fn();
    const { rerender } = renderWithProviders(<TokenForm open onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Name', { exact: false, selector: 'input' }), {
      target: { value: 'Revit add-in' },
    });
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.apiTokenInfos[0]).toMatchObject({ apiTokenName: 'Revit add-in', scopes: ['lookup'] });
    expect(dayjs(sent[0]?.apiTokenInfos[0]?.validUntil as string).isAfter(dayjs().add(364, 'day'))).toBe(
      true,
    );

    const secret = await screen.findByTestId('token-secret');
    expect((secret as HTMLTextAreaElement).value).toBe(SECRET);
    expect(screen.getByText('Copy this token now')).toBeTruthy();
    expect(screen.getByText(/It will not be shown again/)).toBeTruthy();
    expect(screen.queryByTestId('token-form')).toBeNull();
    expect(screen.queryByTestId('token-form-save')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('token-copy'));
    });
    expect(writeText).toHaveBeenCalledWith(SECRET);

    // The footer's Close (the header's × is named Close too).
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
    rerender(<TokenForm open={false} onClose={onClose} />);
    rerender(<TokenForm open onClose={onClose} />);
    await screen.findByTestId('token-form');
    expect(screen.queryByTestId('token-secret')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });
});
