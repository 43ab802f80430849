import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../shared/auth/session-store.ts';
import { i18n, initI18n } from '../../../../shared/i18n/i18n.ts';
import { installBrowserStubs } from '../../../../shared/list/list-test-support.tsx';
import { renderWithProviders } from '../../../../shared/test/render-with-providers.tsx';
import { RuleTransfer } from './rule-transfer.tsx';

type TSent = { url: string; body: Record<string, unknown> };
let sent: TSent[];
let answers: Array<{ status: number; body: object }>;

function respond({ status, body }: { status: number; body: object }): Response {
  return new Response(JSON.stringify({ responseCode: status, errorMessages: [], ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const counts = (created: number, updated: number, unchanged: number) => ({
  rows: created + updated + unchanged,
  created,
  updated,
  unchanged,
});

function chooseFile(name = 'rules.csv') {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['Rule name\nA\n'], name, { type: 'text/csv' })] } });
}

describe('RuleTransfer', { timeout: 20_000 }, () => {
  beforeAll(() => installBrowserStubs());

  beforeEach(() => {
    initI18n('en');
    sessionStore.setAuth({ id: 1, authToken: 'e.e.e', refreshToken: 'r' }, null);
    sent = [];
    answers = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        sent.push({
          url: String(url),
          body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>,
        });
        return Promise.resolve(respond(answers.shift() ?? { status: 500, body: {} }));
      }),
    );
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('checks the file with a dry run, shows its counts, and imports it once confirmed', async () => {
    const onImported = vi.fn();
    answers = [
      { status: 200, body: { placementRuleInfos: [], importCounts: counts(2, 1, 3) } },
      { status: 200, body: { placementRuleInfos: [], importCounts: counts(2, 1, 3) } },
    ];
    renderWithProviders(<RuleTransfer onImported={onImported} />);
    chooseFile();
    const preview = await screen.findByTestId('rule-import-preview');
    expect(within(preview).getByTestId('rule-import-created').textContent).toBe('2');
    expect(within(preview).getByTestId('rule-import-updated').textContent).toBe('1');
    expect(within(preview).getByTestId('rule-import-unchanged').textContent).toBe('3');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('api/placement-rules/diKeeperimport');
    expect(sent[0]!.body).toMatchObject({ dryRun: true, loadedFile: { fileName: 'rules.csv' } });
    expect(String((sent[0]!.body.loadedFile as { base64FileContent: string }).base64FileContent)).toContain(
      'base64,',
    );

    fireEvent.click(screen.getByTestId('rule-import-confirm'));
    await screen.findByTestId('rule-import-done');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatchObject({ dryRun: false });
    expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ importCounts: counts(2, 1, 3) }));
    expect(screen.getByTestId('rule-import-done').textContent).toContain(
      'Imported: 2 new, 1 changed, 3 unchanged.',
    );
  });

  it('lists a refused file as a table of row, column and reason in the reader language', async () => {
    await i18n.changeLanguage('de');
    answers = [
      {
        status: 422,
        body: {
          errorMessages: [
            '[Title] Unprocessable content',
            '[Detail] row 4, column Rule name: a value is required',
            '[Detail] row 7, column Service size from: 50 is not between 0 and 10',
            '[Detail] 3 more rows have errors',
          ],
          errorDetails: [
            { key: 'importRequired', values: { row: 4, column: 'Rule name' } },
            {
              key: 'importOutOfRange',
              values: { row: 7, column: 'Service size from', value: 50, min: 0, max: 10 },
            },
            { key: 'importMoreErrors', values: { count: 3 } },
          ],
        },
      },
    ];
    renderWithProviders(<RuleTransfer />);
    chooseFile('rules.xlsx');
    const failed = await screen.findByTestId('rule-import-failed');
    const table = within(failed).getByTestId('rule-import-errors');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['4', 'Regelname', 'Ein Wert ist erforderlich'],
      ['7', 'Leitungsgröße von', '„50“ liegt nicht zwischen 0 und 10'],
    ]);
    expect(failed.textContent).toContain('Es wurde nichts geändert.');
    expect(screen.queryByTestId('rule-import-preview')).toBeNull();
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('offers the export only, without import rights', () => {
    renderWithProviders(<RuleTransfer canImport={false} />);
    expect(screen.getByTestId('rule-export-xlsx')).toBeTruthy();
    expect(screen.getByTestId('rule-export-csv')).toBeTruthy();
    expect(screen.queryByTestId('rule-import')).toBeNull();
  });
});
