import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineList } from './list-state.ts';
import { installBrowserStubs, renderAt } from './list-test-support.tsx';
import { type TListController, useListState } from './use-list-state.ts';

const list = defineList({
  sortFields: ['name'],
  defaultSort: { field: 'name', dir: 'asc' },
  filters: { ripe: { kind: 'boolean' }, colour: { kind: 'text' } },
});

type TController = TListController<'name', typeof list.spec.filters>;

function Probe({ onReady }: { onReady: (controller: TController) => void }) {
  const controller = useListState(list);
  onReady(controller);
  return <output data-testid="query">{JSON.stringify(controller.state.filters)}</output>;
}

beforeAll(installBrowserStubs);
afterEach(cleanup);

describe('useListState', () => {
  it('keeps both of two changes made before the router renders again', () => {
    let controller: TController | undefined;
    renderAt(<Probe onReady={(c) => (controller = c)} />);
    act(() => {
      // The same render's controller twice, as two filters changed within a few milliseconds.
      const first = controller!;
      first.update({ filters: { ripe: true } });
      first.update({ filters: { colour: 'red' } });
    });
    const filters = JSON.parse(screen.getByTestId('query').textContent ?? '{}') as Record<string, unknown>;
    expect(filters).toMatchObject({ ripe: true, colour: 'red' });
  });
});
