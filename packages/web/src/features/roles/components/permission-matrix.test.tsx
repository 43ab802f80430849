import { PERMISSION_ACTIONS, PERMISSION_AREAS } from '@portal/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs, renderAt } from '../../../shared/list/list-test-support.tsx';
import { toMatrix } from './permission-matrix-model.ts';
import { PermissionMatrix } from './permission-matrix.tsx';

describe('PermissionMatrix', { timeout: 20_000 }, () => {
  beforeAll(installBrowserStubs);
  afterEach(cleanup);

  it('on a phone gives every area its own block with all four actions labelled', () => {
    renderAt(<PermissionMatrix value={toMatrix([])} stacked />);
    for (const area of ['Administration', 'User management', 'Content management']) {
      const block = screen.getByRole('group', { name: area });
      for (const action of ['Create', 'Read', 'Update', 'Delete']) {
        const box = within(block).getByRole('checkbox', { name: `${area}: ${action}` });
        expect(box.closest('label')?.textContent).toBe(action);
      }
    }
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('turns one action on in every area from the phone layout', () => {
    const onChange = vi.fn();
    renderAt(<PermissionMatrix value={toMatrix([])} onChange={onChange} stacked />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Update in every area' }));
    const next = onChange.mock.calls[0]?.[0] as ReturnType<typeof toMatrix>;
    for (const area of PERMISSION_AREAS) {
      for (const action of PERMISSION_ACTIONS) expect(next[area][action]).toBe(action === 'update');
    }
  });

  it('is a table with a column per action on wider windows', () => {
    renderAt(<PermissionMatrix value={toMatrix([])} stacked={false} />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(PERMISSION_ACTIONS.length + 1);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(PERMISSION_AREAS.length);
  });
});
