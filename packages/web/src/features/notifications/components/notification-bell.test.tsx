import type { TNotification } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { NotificationBell } from './notification-bell.tsx';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function notification(id: number, patch: Partial<TNotification>): TNotification {
  return {
    notificationId: id,
    notificationTitle: `Notice ${id}`,
    notificationDescription: null,
    notificationUrl: null,
    companyId: null,
    companyName: null,
    createdOn: minutesAgo(id),
    lastUpdate: minutesAgo(id),
    read: false,
    ...patch,
  };
}

let rows: TNotification[] = [];
type TCall = { url: string; body: Record<string, unknown> };
let calls: TCall[] = [];

const unreadOf = () => rows.filter((n) => !n.read).length;

/** A tiny server: find answers the rows, read marks them (listed, or all). */
function serve(url: string, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
  calls.push({ url, body });
  if (url === 'api/notification/read') {
    const ids = ((body.notificationInfos ?? []) as { notificationId: number }[]).map((n) => n.notificationId);
    rows = rows.map((n) => (body.all === true || ids.includes(n.notificationId) ? { ...n, read: true } : n));
    return Promise.resolve(apiAnswer(200, { unreadCount: unreadOf() }));
  }
  return Promise.resolve(
    apiAnswer(200, { notificationInfos: rows, totalCount: rows.length, unreadCount: unreadOf() }),
  );
}

function PathProbe() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname + location.search}</output>;
}

function renderBell() {
  return renderWithProviders(
    <>
      <NotificationBell />
      <PathProbe />
    </>,
    { url: '/' },
  );
}

const bell = () => screen.getByTestId('notification-bell');
const path = () => screen.getByTestId('path').textContent;
const readCalls = () => calls.filter((c) => c.url === 'api/notification/read');

async function openBell() {
  await waitFor(() => expect(bell().getAttribute('aria-label')).not.toBe('Notifications, none unread'));
  await act(async () => {
    fireEvent.click(bell());
  });
  return screen.findByTestId('notification-bell-panel');
}

describe('NotificationBell', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    calls = [];
    rows = [
      notification(1, {
        notificationTitle: 'New door families',
        notificationDescription: 'Twelve new fire doors are in the library.',
        notificationUrl: '#/families/12',
      }),
      notification(2, {
        notificationTitle: 'Price list 2027',
        notificationUrl: 'https://example.com/prices',
      }),
      notification(3, { notificationTitle: 'Maintenance tonight', notificationUrl: null }),
      notification(90, { notificationTitle: 'Welcome', read: true, notificationUrl: '/families' }),
    ];
    signInAs(['contentmanagement.read'], { id: 7, sub: '7', login: 'reader' });
    vi.stubGlobal('fetch', vi.fn(serve));
  });

  it('shows the unread count on the badge and in its accessible name', async () => {
    renderBell();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('3 unread notifications'));
    expect(bell().querySelector('.ant-badge')?.textContent).toBe('3');
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    expect(calls[0]).toEqual({
      url: 'api/notification/find',
      body: { page: 1, pageSize: 10, sort: [{ field: 'createdOn', dir: 'desc' }] },
    });
  });

  it('says when there is nothing unread, with no number on the badge', async () => {
    rows = [notification(5, { read: true }), notification(6, { read: true })];
    renderBell();
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, none unread'));
    expect(bell().querySelector('.ant-badge-count')).toBeNull();
  });

  it('lists the newest with unread ones marked, the time ago and the description', async () => {
    renderBell();
    const panel = await openBell();
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    const items = within(panel).getAllByTestId('notification-bell-item');
    expect(items.map((item) => item.getAttribute('data-read'))).toEqual(['false', 'false', 'false', 'true']);
    const [doors, , , welcome] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(doors).getByTestId('notification-unread-dot')).toBeTruthy();
    expect(within(doors).getByText('Unread:', { exact: false })).toBeTruthy();
    expect(within(doors).getByText('Twelve new fire doors are in the library.')).toBeTruthy();
    expect(within(doors).getByText('1 minute ago')).toBeTruthy();
    expect(within(welcome).queryByTestId('notification-unread-dot')).toBeNull();
    // The panel takes the focus, so the keyboard reaches the entries.
    await waitFor(() => expect(document.activeElement).toBe(panel));
  });

  it('follows a portal link in place, marks it read and lowers the count', async () => {
    renderBell();
    const panel = await openBell();
    const [doors] = within(panel).getAllByTestId('notification-bell-item') as [HTMLElement];
    expect(doors.tagName).toBe('A');
    expect(doors.getAttribute('target')).toBeNull();
    await act(async () => {
      fireEvent.click(doors);
    });
    await waitFor(() => expect(path()).toBe('/families/12'));
    expect(readCalls().map((c) => c.body)).toEqual([{ notificationInfos: [{ notificationId: 1 }] }]);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('2 unread notifications'));
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a web address in a new tab without opener and marks it read', async () => {
    renderBell();
    const panel = await openBell();
    const prices = within(panel).getAllByTestId('notification-bell-item')[1] as HTMLElement;
    expect(prices.tagName).toBe('A');
    expect(prices.getAttribute('href')).toBe('https://example.com/prices');
    expect(prices.getAttribute('target')).toBe('_blank');
    expect(prices.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(prices).getByText('(opens in a new tab)', { exact: false })).toBeTruthy();
    // jsdom does not open tabs; the click must not move this page.
    prices.addEventListener('click', (event) => event.preventDefault());
    await act(async () => {
      fireEvent.click(prices);
    });
    await waitFor(() => expect(readCalls()).toHaveLength(1));
    expect(readCalls()[0]?.body).toEqual({ notificationInfos: [{ notificationId: 2 }] });
    expect(path()).toBe('/');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('2 unread notifications'));
  });

  it('marks an entry without a link read from a button, and opening a read one sends nothing', async () => {
    renderBell();
    let panel = await openBell();
    const plain = within(panel).getAllByTestId('notification-bell-item')[2] as HTMLElement;
    expect(plain.tagName).toBe('BUTTON');
    await act(async () => {
      fireEvent.click(plain);
    });
    await waitFor(() =>
      expect(readCalls().map((c) => c.body)).toEqual([{ notificationInfos: [{ notificationId: 3 }] }]),
    );
    expect(path()).toBe('/');
    panel = await openBell();
    await act(async () => {
      fireEvent.click(within(panel).getAllByTestId('notification-bell-item')[3] as HTMLElement);
    });
    await waitFor(() => expect(path()).toBe('/families'));
    expect(readCalls()).toHaveLength(1);
  });

  it('marks all as read', async () => {
    renderBell();
    const panel = await openBell();
    await act(async () => {
      fireEvent.click(within(panel).getByTestId('notification-mark-all'));
    });
    await waitFor(() => expect(readCalls().map((c) => c.body)).toEqual([{ all: true }]));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, none unread'));
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByTestId('notification-bell-item')
          .every((item) => item.getAttribute('data-read') === 'true'),
      ).toBe(true),
    );
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    renderBell();
    const panel = await openBell();
    await waitFor(() => expect(document.activeElement).toBe(panel));
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(bell().getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(bell());
  });

  it('leads to the inbox with See all', async () => {
    renderBell();
    const panel = await openBell();
    await act(async () => {
      fireEvent.click(within(panel).getByTestId('notification-see-all'));
    });
    await waitFor(() => expect(path()).toBe('/notifications/inbox'));
  });

  it('says when there are no notifications', async () => {
    rows = [];
    renderBell();
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {
      fireEvent.click(bell());
    });
    await screen.findByText('No notifications yet.');
  });
});
