import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiAnswer } from '../../../shared/test/api-answer.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import type { TCompanyOption } from '../api/public-companies.ts';
import { PublicCompanyPicker } from './public-company-picker.tsx';

type TSent = { url: string; body: Record<string, unknown>; authorization: string | null };
let sent: TSent[] = [];

/** Answers each company lookup from 1,500 companies named "Company 0001" … "Company 1500". */
function companyLookup(url: string, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
  sent.push({ url, body, authorization: new Headers(init?.headers).get('Authorization') });
  const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
  const all = Array.from({ length: 1500 }, (_, i) => ({
    companyId: i + 1,
    companyName: `Company ${String(i + 1).padStart(4, '0')}`,
  })).filter((c) => c.companyName.toLowerCase().includes(search));
  const pageSize = typeof body.pageSize === 'number' ? body.pageSize : 1000;
  return Promise.resolve(apiAnswer(200, { companyInfos: all.slice(0, pageSize), totalCount: all.length }));
}

function Picker({ onPicked }: { onPicked: (company: TCompanyOption | null) => void }) {
  const [value, setValue] = useState<number | undefined>();
  const [picked, setPicked] = useState<TCompanyOption | null>(null);
  return (
    <PublicCompanyPicker
      value={value}
      onChange={setValue}
      picked={picked}
      onPicked={(company) => {
        setPicked(company);
        onPicked(company);
      }}
    />
  );
}

describe('PublicCompanyPicker', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    sent = [];
    vi.stubGlobal('fetch', vi.fn(companyLookup));
  });

  it('asks the server without a token as one types, and picks a company beyond the first 1,000', async () => {
    const onPicked = vi.fn();
    renderWithProviders(<Picker onPicked={onPicked} />);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ body: { page: 1, pageSize: 50 }, authorization: null });
    expect(sent[0]!.url).toMatch(/api\/company\/find$/);

    const box = screen.getByRole('combobox');
    await act(async () => {
      fireEvent.mouseDown(box);
    });
    // 1,450 more than the first page: the list says so and asks to type more.
    await screen.findByTestId('company-picker-more');
    expect(screen.getByTestId('company-picker-more').textContent).toBe(
      '1,450 more match: type more of the name to narrow the list.',
    );

    await act(async () => {
      fireEvent.change(box, { target: { value: 'company 1499' } });
    });
    await waitFor(() => expect(sent.at(-1)?.body.search).toBe('company 1499'), { timeout: 3000 });
    const option = await screen.findByTitle('Company 1499');
    await act(async () => {
      fireEvent.click(option);
    });
    expect(onPicked).toHaveBeenLastCalledWith({ companyId: 1499, companyName: 'Company 1499' });
    expect(screen.queryByTestId('company-picker-more')).toBeNull();
  });
});
