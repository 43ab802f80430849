import type { TCategory } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderAt } from '../../../shared/list/list-test-support.tsx';
import { toastStore } from '../../../shared/toast/toast-store.ts';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../shared/test/test-session.ts';
import { CategoryList } from './category-list.tsx';

const ADMIN = ['contentmanagement.read', 'adminmanagement.update', 'adminmanagement.delete'];

const categories: TCategory[] = [
  {
    categoryId: 1,
    categoryName: 'Doors',
    categoryDescription: 'Doors and frames',
    categoryPictureFileName: 'doors.png',
    categoryPictureHash: 'cd'.repeat(32),
    active: true,
    familyCount: 4,
  },
  {
    categoryId: 2,
    categoryName: 'Old windows',
    categoryDescription: null,
    categoryPictureFileName: null,
    categoryPictureHash: null,
    active: false,
    familyCount: 0,
  },
];

type TCall = { url: string; body: Record<string, unknown> };
let calls: TCall[] = [];

const renderList = (url = '/categories') => renderAt(<CategoryList />, url);

const location = () => screen.getByTestId('location').textContent ?? '';

describe('CategoryList', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    calls = [];
    signInAs(ADMIN);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
        calls.push({ url, body });
        if (url === 'api/category/delete') {
          return Promise.resolve(
            apiAnswer(409, { errorDetails: [{ key: 'categoryInUse', values: { count: 4 } }] }, [
              '[Title] Conflict',
              '[Detail] The category is used by 4 families; move them to another category first',
            ]),
          );
        }
        return Promise.resolve(apiAnswer(200, { categoryInfos: categories, totalCount: 2 }));
      }),
    );
  });

  it('shows picture cards: thumbnail or placeholder, name, family count, and inactive as a tag', async () => {
    renderList();
    const cards = await screen.findAllByTestId('category-card');
    expect(cards).toHaveLength(2);
    const [doors, windows] = cards as [HTMLElement, HTMLElement];
    expect(doors.querySelector('img')?.getAttribute('src')).toBe(`api/picture/${'cd'.repeat(32)}/thumbnail`);
    expect(within(doors).getByText('Families: 4')).toBeTruthy();
    expect(within(doors).queryByText('Inactive')).toBeNull();
    expect(within(windows).getByTestId('category-placeholder')).toBeTruthy();
    expect(within(windows).getByText('Inactive')).toBeTruthy();
    expect(within(windows).getByRole('button', { name: 'Edit Old windows' })).toBeTruthy();
    expect(calls[0]?.body).toEqual({ page: 1, pageSize: 20, sort: [{ field: 'categoryName', dir: 'asc' }] });
  });

  it('switches to the table with the view kept in the URL, also through a filter change', async () => {
    renderList('/categories?q=do');
    await screen.findAllByTestId('category-card');
    fireEvent.click(screen.getByText('Table'));
    await screen.findByTestId('category-table');
    expect(location()).toBe('?q=do&view=table');
    // jsdom has no media queries: the table shows as stacked rows, as on a phone.
    const table = screen.getByTestId('category-table');
    expect(within(table).getAllByTestId('list-row')).toHaveLength(2);
    expect(within(table).getByText('Doors and frames')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'win' } });
    await waitFor(() => expect(location()).toBe('?q=win&view=table'));
    expect(screen.getByTestId('category-table')).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ search: 'win' }));
    fireEvent.click(screen.getByText('Cards'));
    await waitFor(() => expect(location()).toBe('?q=win'));
    await screen.findByTestId('category-grid');
  });

  it('offers no create, edit or delete to a reader without adminmanagement', async () => {
    signInAs(['contentmanagement.read'], { id: 2 });
    renderList();
    await screen.findAllByTestId('category-card');
    expect(screen.queryByTestId('category-create')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('explains in the reader language why a category in use cannot be deleted, and offers no Delete', async () => {
    renderList();
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    const [doors] = (await screen.findAllByTestId('category-card')) as [HTMLElement];
    fireEvent.click(within(doors).getByRole('button', { name: 'Löschen Doors' }));
    await screen.findByText('Kategorie Doors löschen?');
    await screen.findByText(/Zugeordnete Familien: 4/);
    const confirm = await screen.findByTestId('confirm-delete');
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.click(confirm);
    expect(calls.some((c) => c.url === 'api/category/delete')).toBe(false);
  });

  it('asks before deleting an unused category and shows a refusal in the reader language', async () => {
    const shown: string[] = [];
    const stop = toastStore.subscribe(() => shown.push(...toastStore.getSnapshot().map((t) => t.message)));
    renderList();
    await act(async () => {
      await i18n.changeLanguage('de');
    });
    const cards = await screen.findAllByTestId('category-card');
    const windows = cards[1] as HTMLElement;
    fireEvent.click(within(windows).getByRole('button', { name: 'Löschen Old windows' }));
    await screen.findByText('Kategorie Old windows löschen?');
    await act(async () => {
      fireEvent.click(await screen.findByTestId('confirm-delete'));
    });
    await waitFor(() => expect(calls.some((c) => c.url === 'api/category/delete')).toBe(true));
    expect(calls.find((c) => c.url === 'api/category/delete')?.body).toEqual({
      categoryInfos: [{ categoryId: 2 }],
    });
    // Families filed under it since the list loaded: the server's refusal, translated.
    await waitFor(() =>
      expect(shown).toContain(
        'Die Kategorie wird von 4 Familien verwendet; verschieben Sie diese zuerst in eine andere Kategorie',
      ),
    );
    stop();
  });
});
