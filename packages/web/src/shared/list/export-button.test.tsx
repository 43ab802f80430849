import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../toast/toast-store.ts';
import { ExportButton } from './export-button.tsx';
import type { TPageFetcher } from './list-export.ts';
import { installBrowserStubs, renderAt } from './list-test-support.tsx';

type TRow = { id: number; name: string };

const rows: TRow[] = Array.from({ length: 2345 }, (_, i) => ({ id: i + 1, name: `Zoë ${i + 1}` }));

function renderExport(fetchPage: TPageFetcher<TRow>) {
  renderAt(
    <ExportButton<TRow>
      name="fruit"
      label="Export CSV"
      hint="Download all"
      fetchPage={fetchPage}
      columns={() => [
        { header: 'Id', value: (r) => r.id },
        { header: 'Name', value: (r) => r.name },
      ]}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
}

describe('ExportButton', { timeout: 20_000 }, () => {
  let blobs: Blob[];

  beforeAll(installBrowserStubs);

  beforeEach(() => {
    blobs = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('exports every page of the filtered result, not only the one on screen', async () => {
    const fetchPage = vi.fn((page: number, pageSize: number) =>
      Promise.resolve({ rows: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length }),
    );
    renderExport(fetchPage);
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(fetchPage.mock.calls).toEqual([
      [1, 1000],
      [2, 1000],
      [3, 1000],
    ]);
    const bytes = new Uint8Array(await (blobs[0] as Blob).arrayBuffer());
    // The UTF-8 byte order mark, so Excel reads "Zoë" right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines[0]).toBe('Id,Name');
    expect(lines.at(-1)).toBe('2345,Zoë 2345');
    expect(toast.success).toHaveBeenCalledWith('Rows exported: 2,345');
  });

  it('says so when a page cannot be fetched, and downloads nothing', async () => {
    const fetchPage = vi.fn(() => Promise.reject(new Error('offline')));
    renderExport(fetchPage);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The request failed. Please try again.'));
    expect(blobs).toHaveLength(0);
  });
});
