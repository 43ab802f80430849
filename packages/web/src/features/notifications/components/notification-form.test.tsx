import type { TNotification } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { NotificationForm, type TNotificationFormProps } from './notification-form.tsx';

const forAcme: TNotification = {
  notificationId: 4,
  notificationTitle: 'Acme price list',
  notificationDescription: 'The 2027 prices apply from January.',
  notificationUrl: 'https://example.com/prices',
  companyId: 9,
  companyName: 'Acme',
  createdOn: '2026-11-20T10:00:00.000Z',
  lastUpdate: '2026-11-20T10:00:00.000Z',
  read: false,
};

type TCall = { url: string; body: Record<string, unknown> };
let calls: TCall[] = [];
let saveAnswer: { status: number; body: object } = {
  status: 200,
  body: { responseCode: 200, errorMessages: [], notificationInfos: [] },
};

function renderForm(props: Partial<TNotificationFormProps>) {
  const onClose = vi.fn();
  renderWithProviders(<NotificationForm open notification={null} onClose={onClose} {...props} />);
  return { onClose };
}

const field = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { exact: false, selector: 'input, textarea' });
const saves = () => calls.filter((c) => c.url === 'api/notification/save');
const save = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('notification-form-save'));
  });

describe('NotificationForm', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    calls = [];
    saveAnswer = { status: 200, body: { responseCode: 200, errorMessages: [], notificationInfos: [] } };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push({
          url,
          body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>,
        });
        const answer =
          url === 'api/company/find'
            ? {
                status: 200,
                body: {
                  responseCode: 200,
                  errorMessages: [],
                  companyInfos: [
                    { companyId: 9, companyName: 'Acme' },
                    { companyId: 11, companyName: 'Beta Build' },
                  ],
                  totalCount: 2,
                },
              }
            : saveAnswer;
        return Promise.resolve(
          new Response(JSON.stringify(answer.body), {
            status: answer.status,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    );
  });

  it('says the title is required and sends nothing', async () => {
    renderForm({});
    await save();
    await screen.findByText('Notification title is required');
    expect(saves()).toHaveLength(0);
  });

  it('refuses a link that is neither a portal path nor a web address, in the reader language', async () => {
    await i18n.changeLanguage('de');
    renderForm({});
    fireEvent.change(field('Titel'), { target: { value: 'Wartung' } });
    fireEvent.change(field('Link'), { target: { value: 'javascript:alert(1)' } });
    await save();
    await screen.findByText('Benachrichtigungslink ist ungültig', { exact: false });
    expect(saves()).toHaveLength(0);
  });

  it('writes a notification for everyone with trimmed values', async () => {
    const { onClose } = renderForm({});
    fireEvent.change(field('Title'), { target: { value: '  New door families  ' } });
    fireEvent.change(field('Description'), { target: { value: '  ' } });
    fireEvent.change(field('Link'), { target: { value: '#/families/12' } });
    await save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toEqual({
      notificationInfos: [
        {
          notificationTitle: 'New door families',
          notificationDescription: null,
          notificationUrl: '#/families/12',
          companyId: null,
        },
      ],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('asks for the company of a one-company notification', async () => {
    renderForm({});
    fireEvent.change(field('Title'), { target: { value: 'For one tree' } });
    await act(async () => {
      fireEvent.click(screen.getByLabelText('One company tree'));
    });
    await waitFor(() => expect(calls.some((c) => c.url === 'api/company/find')).toBe(true));
    await save();
    await screen.findByText('Company is required');
    expect(saves()).toHaveLength(0);
  });

  it('keeps an edit unchanged without a request, and sends the id and new audience when changed', async () => {
    const { onClose } = renderForm({ notification: forAcme });
    await waitFor(() => expect(field('Title').value).toBe('Acme price list'));
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves()).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByLabelText('Everyone'));
    });
    await save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toEqual({
      notificationInfos: [
        {
          notificationId: 4,
          notificationTitle: 'Acme price list',
          notificationDescription: 'The 2027 prices apply from January.',
          notificationUrl: 'https://example.com/prices',
          companyId: null,
        },
      ],
    });
  });

  it('shows a server error about the link on the link field', async () => {
    saveAnswer = {
      status: 400,
      body: {
        responseCode: 400,
        errorMessages: ['[Title] Bad request', '[Detail] notificationUrl is not valid'],
        errorDetails: [
          {
            key: 'notValid',
            values: { name: 'notificationUrl' },
            field: 'notificationInfos.0.notificationUrl',
          },
        ],
      },
    };
    renderForm({});
    fireEvent.change(field('Title'), { target: { value: 'Anything' } });
    await save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    await screen.findByText('Notification link is not valid');
  });
});
