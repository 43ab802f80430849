import type { TUser } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/auth/session-store.ts';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderRoutes } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs, testToken } from '../../../shared/test/test-session.ts';
import { ActivatePage } from './activate-page.tsx';

const activated: TUser = {
  id: 5,
  login: 'rita',
  active: true,
  roles: [{ roleId: 4, roleName: 'userrole' }],
  firstName: 'Rita',
  lastName: 'Registrant',
  email: 'rita@example.com',
  phone: null,
  companyName: null,
  company: null,
  lastLogin: '2026-11-26T20:00:00Z',
  joinDate: '2026-11-26T19:00:00Z',
  registrationCompleted: true,
  licenseInfo: null,
  licenseAcceptanceDate: null,
  termsId: 0,
  photoFileName: null,
  photoBase64: null,
  mfaEnabled: false,
  language: 'en',
};

const FULL_TOKEN = testToken(['contentmanagement.read'], { sub: '5' });
const signedIn = { id: 5, authToken: FULL_TOKEN, refreshToken: 'r2', userInfos: [activated] };

type TSent = { path: string; body: unknown; authorization: string | null };
let sent: TSent[] = [];
let answers: Record<string, () => Response> = {};

function render(url: string) {
  return renderRoutes(
    [
      { path: '/auth/activate', element: <ActivatePage /> },
      { path: '/auth/login', element: <p>sign-in page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    url,
  );
}

describe('ActivatePage', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    sent = [];
    answers = {};
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const path = new URL(url, 'http://portal.test/').pathname.replace(/^\/api/, '');
        sent.push({
          path,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
          authorization: new Headers(init?.headers).get('Authorization'),
        });
        return Promise.resolve(answers[path]?.() ?? apiAnswer(404, {}, ['[Title] Not found']));
      }),
    );
  });

  it('activates from the mailed link without a sign-in and ends signed in at home', async () => {
    answers['/user/activate'] = () => apiAnswer(200, signedIn);
    const { router } = render('/auth/activate?token=LinkToken-0123456789abcdefghij');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent[0]).toEqual({
      path: '/user/activate',
      body: { token: 'LinkToken-0123456789abcdefghij' },
      authorization: null,
    });
    expect(sessionStore.getSnapshot().authData?.authToken).toBe(FULL_TOKEN);
    expect(await screen.findByText('home page')).toBeDefined();
  });

  it('says a spent link is not valid any more and offers to sign in', async () => {
    answers['/user/activate'] = () =>
      apiAnswer(400, { errorDetails: [{ key: 'activationCodeNotValid', values: {}, field: 'token' }] }, [
        '[Title] Validation failed',
        '[Detail] The activation code is not valid or has expired',
      ]);
    render('/auth/activate?token=LinkToken-0123456789abcdefghij');
    await screen.findByText('This activation link is not valid any more');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('#/auth/login');
    expect(sessionStore.getSnapshot().authData).toBeNull();
  });

  it('sends the code, takes it typed, and replaces the self-care sign-in with the full one', async () => {
    signInAs(['selfcare'], { id: 5, sub: '5' });
    answers['/user/selfcare/send-token'] = () => apiAnswer(200);
    answers['/user/selfcare/activate'] = () => apiAnswer(200, signedIn);
    const { router } = render('/auth/activate');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Send me a code' }));
    });
    const field = await screen.findByLabelText('Activation code');
    expect(screen.getByText(/8 characters, for example K7PM-3QXD/)).toBeDefined();
    await act(async () => {
      fireEvent.change(field, { target: { value: ' k7pm 3qxd ' } });
      fireEvent.click(screen.getByRole('button', { name: 'Activate my account' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const activation = sent.find((s) => s.path === '/user/selfcare/activate');
    expect(activation?.body).toEqual({ token: 'k7pm 3qxd' });
    expect(activation?.authorization).toMatch(/^Bearer /);
    expect(sessionStore.getSnapshot().authData?.authToken).toBe(FULL_TOKEN);
  });

  it('shows a wrong code at its field and stays on the page', async () => {
    signInAs(['selfcare'], { id: 5, sub: '5' });
    answers['/user/selfcare/send-token'] = () => apiAnswer(200);
    answers['/user/selfcare/activate'] = () =>
      apiAnswer(429, { errorDetails: [{ key: 'activationCodeLocked', values: {}, field: 'token' }] }, [
        '[Title] Too many requests',
        '[Detail] The activation code was mistyped too often; ask for a new code',
      ]);
    const { router } = render('/auth/activate');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Send me a code' }));
    });
    await act(async () => {
      fireEvent.change(await screen.findByLabelText('Activation code'), { target: { value: 'K7PM-3QXE' } });
      fireEvent.click(screen.getByRole('button', { name: 'Activate my account' }));
    });
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe(
        'The activation code was mistyped too often; ask for a new code',
      ),
    );
    expect(router.state.location.pathname).toBe('/auth/activate');
  });
});
