import { DeleteOutlined } from '@ant-design/icons';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BulkBar } from './bulk-bar.tsx';
import { DataTable, type TListStatus } from './data-table.tsx';
import { defineList } from './list-state.ts';
import { installBrowserStubs, renderAt } from './list-test-support.tsx';
import { SearchBox } from './search-box.tsx';
import { useListState } from './use-list-state.ts';

type TFruit = { id: number; name: string; size: number };

const fruitList = defineList({
  sortFields: ['name', 'size'],
  defaultSort: { field: 'name', dir: 'asc' },
  filters: { ripe: { kind: 'boolean' } },
});

const fruits: TFruit[] = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  name: `fruit-${i + 1}`,
  size: i,
}));

const loaded: TListStatus = {
  loading: false,
  refreshing: false,
  busy: false,
  error: null,
  retry: () => undefined,
};

type TScreenProps = {
  rows?: TFruit[];
  total?: number;
  status?: TListStatus;
  stacked?: boolean;
  onCreate?: () => void;
  onDelete?: (fruit: TFruit) => void;
  onPeel?: (fruits: TFruit[]) => void;
  onCompost?: (fruits: TFruit[]) => void;
};

function FruitScreen({
  rows = fruits,
  total = 45,
  status = loaded,
  stacked = false,
  onCreate,
  onDelete,
  onPeel,
  onCompost,
}: TScreenProps) {
  const list = useListState<'name' | 'size', typeof fruitList.spec.filters, TFruit>(fruitList);
  return (
    <>
      <SearchBox
        value={list.state.search}
        onSearch={(search) => list.update({ search })}
        label="Search fruit"
        delayMs={20}
      />
      <BulkBar
        count={list.selected.length}
        label="Fruit actions"
        onClear={() => list.setSelected([])}
        actions={[
          { key: 'peel', label: 'Peel', icon: null, onClick: () => onPeel?.(list.selected) },
          {
            key: 'compost',
            label: 'Compost',
            icon: null,
            danger: true,
            confirm: { title: `Compost ${list.selected.length} fruit?` },
            onClick: () => onCompost?.(list.selected),
          },
        ]}
      />
      <DataTable
        list={list}
        caption="Fruit"
        rowKey={(f) => f.id}
        rowLabel={(f) => f.name}
        columns={[
          { key: 'name', title: 'Name', sortable: true, render: (f) => f.name },
          { key: 'size', title: 'Size', sortable: true, render: (f) => String(f.size) },
        ]}
        rows={rows}
        total={total}
        status={status}
        stacked={stacked}
        selection={{ disabled: (f) => f.id === 2 }}
        actions={(f) => [
          {
            key: 'delete',
            label: 'Delete',
            icon: <DeleteOutlined />,
            danger: true,
            confirm: {
              title: `Delete ${f.name}?`,
              okText: 'Yes, delete',
              cancelText: 'Keep',
              onConfirm: () => onDelete?.(f),
            },
          },
        ]}
        empty={{
          text: 'No fruit yet.',
          filteredText: 'No fruit matches.',
          create: onCreate ? { label: 'Add fruit', onClick: onCreate } : undefined,
        }}
      />
      <output data-testid="query">{JSON.stringify(list.query)}</output>
    </>
  );
}

const location = () => screen.getByTestId('location').textContent;
const query = () => JSON.parse(screen.getByTestId('query').textContent ?? '{}') as Record<string, unknown>;

// antd renders slowly under jsdom on a busy machine.
describe('DataTable with useListState', { timeout: 20_000 }, () => {
  beforeAll(installBrowserStubs);
  afterEach(cleanup);

  it('keeps the page in the URL and in the find query', () => {
    renderAt(<FruitScreen />, '/list?sort=name:desc');
    expect(query()).toMatchObject({ page: 1, pageSize: 20, sort: [{ field: 'name', dir: 'desc' }] });
    fireEvent.click(screen.getByTitle('2'));
    expect(location()).toBe('?page=2&sort=name%3Adesc');
    expect(query()).toMatchObject({ page: 2 });
  });

  it('sorts by a column header, starting again at the first page', () => {
    renderAt(<FruitScreen />, '/list?page=2');
    fireEvent.click(screen.getByText('Size'));
    expect(location()).toBe('?sort=size%3Aasc');
    expect(query()).toMatchObject({ page: 1, sort: [{ field: 'size', dir: 'asc' }] });
  });

  it('searches once typing pauses', async () => {
    renderAt(<FruitScreen />, '/list?page=2');
    fireEvent.change(screen.getByLabelText('Search fruit'), { target: { value: 'kiwi' } });
    expect(location()).toBe('?page=2');
    // Generous: re-rendering the table under jsdom on a busy machine can take a second.
    await waitFor(() => expect(location()).toBe('?q=kiwi'), { timeout: 5_000 });
    expect(query()).toMatchObject({ search: 'kiwi', page: 1 });
  });

  it('reads the state back from a shared link', () => {
    renderAt(<FruitScreen />, '/list?page=3&sort=size:desc&q=fig&ripe=true');
    expect(query()).toEqual({
      page: 3,
      pageSize: 20,
      sort: [{ field: 'size', dir: 'desc' }],
      search: 'fig',
      ripe: true,
    });
    expect(screen.getByLabelText<HTMLInputElement>('Search fruit').value).toBe('fig');
  });

  it('shows a loading state, not the empty state, while the first page loads', () => {
    renderAt(
      <FruitScreen rows={[]} total={0} status={{ ...loaded, loading: true }} onCreate={() => undefined} />,
    );
    expect(screen.getByTestId('list-loading').textContent).toContain('Loading…');
    expect(screen.queryByText('No fruit yet.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add fruit' })).toBeNull();
  });

  it('offers the create action when the list is empty', () => {
    const onCreate = vi.fn();
    renderAt(<FruitScreen rows={[]} total={0} onCreate={onCreate} />);
    expect(screen.queryByTestId('list-loading')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add fruit' }));
    expect(onCreate).toHaveBeenCalledOnce();
  });

  it('offers to clear the filters when a filtered list is empty', () => {
    renderAt(
      <FruitScreen rows={[]} total={0} onCreate={() => undefined} />,
      '/list?q=zzz&ripe=false&sort=size:asc',
    );
    expect(screen.getByText('No fruit matches.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add fruit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(location()).toBe('?sort=size%3Aasc');
  });

  it('shows what went wrong with a retry instead of an empty list', () => {
    const retry = vi.fn();
    renderAt(<FruitScreen rows={[]} total={0} status={{ ...loaded, error: new Error('down'), retry }} />);
    expect(screen.getByText('This list could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No fruit yet.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('keeps the rows on screen when a refresh fails, with a retry', () => {
    const retry = vi.fn();
    renderAt(<FruitScreen status={{ ...loaded, error: new Error('down'), retry }} />);
    expect(screen.getByText('fruit-1')).toBeTruthy();
    expect(screen.getByText('The list could not be refreshed and may be out of date.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('collects selected rows into the bulk bar and clears them', () => {
    const onPeel = vi.fn();
    renderAt(<FruitScreen onPeel={onPeel} />);
    expect(screen.queryByRole('toolbar')).toBeNull();
    fireEvent.click(screen.getByLabelText('fruit-1'));
    fireEvent.click(screen.getByLabelText('fruit-3'));
    const bar = screen.getByRole('toolbar', { name: 'Fruit actions' });
    expect(within(bar).getByText('Selected: 2')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Peel' }));
    expect(onPeel).toHaveBeenCalledWith([fruits[0], fruits[2]]);
    expect(screen.getByLabelText<HTMLInputElement>('fruit-2').disabled).toBe(true);
    fireEvent.click(within(bar).getByRole('button', { name: 'Clear the selection' }));
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('asks before a bulk action that says so, and runs it on confirmation', async () => {
    const onCompost = vi.fn();
    renderAt(<FruitScreen onCompost={onCompost} />);
    fireEvent.click(screen.getByLabelText('fruit-4'));
    fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Compost' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Compost 1 fruit?').length).toBeGreaterThan(0);
    expect(onCompost).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Compost' }));
    });
    expect(onCompost).toHaveBeenCalledWith([fruits[3]]);
  });

  it('drops the selection when the page changes', () => {
    renderAt(<FruitScreen />);
    fireEvent.click(screen.getByLabelText('fruit-1'));
    expect(screen.getByRole('toolbar')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('stacks rows on a phone: every column with its label, actions named by their visible text', async () => {
    const onDelete = vi.fn();
    renderAt(<FruitScreen rows={fruits.slice(0, 2)} total={2} stacked onDelete={onDelete} />);
    const items = screen.getAllByTestId('list-row');
    expect(items).toHaveLength(2);
    const first = items[0] as HTMLElement;
    expect(within(first).getByText('Size')).toBeTruthy();
    expect(within(first).getByText('0')).toBeTruthy();
    const remove = within(first).getByRole('button', { name: 'Delete fruit-1' });
    expect(remove.textContent).toContain('Delete');
    fireEvent.click(remove);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Yes, delete' }));
    });
    expect(onDelete).toHaveBeenCalledWith(fruits[0]);
  });

  it('sorts stacked rows through the sort menu', () => {
    renderAt(<FruitScreen rows={fruits.slice(0, 2)} total={2} stacked />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Sort by' }));
    fireEvent.click(screen.getByText('Size ↓'));
    expect(location()).toBe('?sort=size%3Adesc');
  });
});
