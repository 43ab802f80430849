import type { TRevitFamily } from '@portal/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../../../shared/toast/toast-store.ts';
import { apiAnswer } from '../../../../shared/test/api-answer.ts';
import { renderRoutes } from '../../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../../shared/test/test-session.ts';
import { FamilyPage } from './family-page.tsx';

const PARTNER_USER = ['contentmanagement.read', 'contentmanagement.create', 'contentmanagement.update'];

const family: TRevitFamily = {
  revitFamilyId: 5,
  revitFamilyName: 'Office desk',
  revitVersion: '2024',
  revitFamilyVersion: null,
  revitFamilyInternalVersion: null,
  revitFamilyCategoryId: 1,
  categoryName: 'Furniture',
  revitFamilyRating: 4,
  revitFamilyDescription: 'A desk',
  revitFamilyTags: ['desk', 'office'],
  revitFamilyFileName: 'desk.rfa',
  revitFamilyFileHash: 'c'.repeat(64),
  revitFamilyFileSize: 1_450_000,
  revitFamilyPictureFileName: 'preview.png',
  revitFamilyPictureHash: 'd'.repeat(64),
  pictureFromFile: true,
  omniClassCode: '23.40.20.00',
  revitCategory: 'Furniture',
  typeCatalogFileName: 'desk.txt',
  typeSource: 'catalog',
  typeCount: 2,
  revitFamilyTypes: [
    {
      typeName: 'Small',
      parameters: [{ name: 'Width', value: '800', unit: 'mm', dataType: 'LENGTH' }],
    },
    {
      typeName: 'Large',
      parameters: [
        { name: 'Width', value: '1600', unit: 'mm', dataType: 'LENGTH' },
        { name: 'Depth', value: '800', unit: 'MILLIMETERS', dataType: 'LENGTH' },
        { name: 'Finish', value: 'Oak', unit: null, dataType: 'OTHER' },
      ],
    },
  ],
  revitFamilyVersions: [
    {
      versionId: 12,
      revitVersion: '2024',
      fileName: 'desk.rfa',
      size: 1_450_000,
      sha256: 'ab12cd34ef56'.padEnd(64, '0'),
      uploadedBy: { id: 1, login: 'admin' },
      uploadedAt: '2026-11-02T10:00:00Z',
      current: true,
    },
    {
      versionId: 11,
      revitVersion: '2023',
      fileName: 'desk-2023.rfa',
      size: 1_200_000,
      sha256: '99ff'.padEnd(64, '1'),
      uploadedBy: null,
      uploadedAt: '2026-11-01T10:00:00Z',
      current: false,
    },
  ],
  parameterListId: null,
  parameterListCode: 'PL-7',
  cost: 120.5,
  companyId: 1,
  companyName: 'Family Portal',
  downloads: 3,
  createdOn: '2026-11-01T10:00:00Z',
  lastUpdate: '2026-11-02T10:00:00Z',
  tifStatus: 'A',
  tifAction: null,
  tifOriginalId: null,
  tifTempId: null,
};

type TCall = { url: string; body: Record<string, unknown> };
let calls: TCall[] = [];
let answer: TRevitFamily | null;

function renderPage(url: string) {
  renderRoutes([{ path: '/families/:id', element: <FamilyPage /> }], url);
}

describe('FamilyPage', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    calls = [];
    answer = family;
    signInAs(PARTNER_USER, { id: 2, companyId: 1 });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
        calls.push({ url, body });
        if (url === 'api/family/get/5') {
          return Promise.resolve(
            answer
              ? apiAnswer(200, { revitFamilyInfos: [answer] })
              : apiAnswer(404, { revitFamilyInfos: [] }),
          );
        }
        if (url === 'api/family/version/current') {
          return Promise.resolve(apiAnswer(200, { revitFamilyInfos: [{ ...family, tifStatus: 'RfC' }] }));
        }
        return Promise.resolve(apiAnswer(404, {}));
      }),
    );
  });

  it('shows the facts, the types with units in the headers and the versions', async () => {
    renderPage('/families/5');
    await screen.findByRole('heading', { level: 1, name: 'Office desk' });
    expect(screen.getByTestId('family-download').textContent).toBe('Download (1.4 MB)');
    const facts = screen.getByTestId('family-facts');
    expect(facts.textContent).toContain('23.40.20.00');
    expect(facts.textContent).toContain('PL-7');
    expect(facts.textContent).toContain('120.50');
    expect(within(facts).getByRole('img', { name: 'Rated 4 of 5' })).toBeTruthy();

    const types = screen.getByTestId('family-types');
    expect(
      within(types)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Type', 'Width (mm)', 'Depth (mm)', 'Finish']);
    expect(screen.getByTestId('family-type-source').textContent).toBe('From the type catalog desk.txt');

    const versions = screen.getAllByTestId('family-version');
    expect(versions.map((v) => v.dataset.current)).toEqual(['true', 'false']);
    expect(versions[0]?.textContent).toContain('ab12cd34ef56');
    expect(versions[1]?.textContent).toContain('an unknown user');
    // Edit for contentmanagement.update; no delete without contentmanagement.delete.
    expect(screen.getByTestId('family-edit')).toBeTruthy();
    expect(screen.queryByTestId('family-delete')).toBeNull();
  });

  it('says that a non-admin choice of the current version was sent for approval', async () => {
    const shown: string[] = [];
    const stop = toastStore.subscribe(() => shown.push(...toastStore.getSnapshot().map((t) => t.message)));
    renderPage('/families/5');
    await screen.findByRole('heading', { level: 1, name: 'Office desk' });
    fireEvent.click(screen.getByRole('button', { name: 'Make current: Revit 2023 (99ff11111111)' }));
    await screen.findByText('Your choice is sent to an administrator for approval.');
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-make-current'));
    });
    await waitFor(() => expect(shown).toContain('Sent for approval.'));
    stop();
    expect(calls.find((c) => c.url === 'api/family/version/current')?.body).toEqual({
      revitFamilyId: 5,
      versionId: 11,
    });
  });

  it('marks a pending request with its status', async () => {
    answer = { ...family, tifStatus: 'RfA' };
    renderPage('/families/5');
    const pending = await screen.findByTestId('family-pending');
    expect(pending.textContent).toContain('Request for approval');
  });

  it('answers a missing family and a malformed id with "not found"', async () => {
    answer = null;
    renderPage('/families/5');
    await screen.findByText('Family not found');
    cleanup();
    renderPage('/families/abc');
    await screen.findByText('Family not found');
    expect(calls.filter((c) => c.url.includes('abc'))).toHaveLength(0);
  });
});
