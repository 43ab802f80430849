import type { TRevitFamily } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../shared/auth/session-store.ts';
import { i18n, initI18n } from '../../../../shared/i18n/i18n.ts';
import { apiAnswer } from '../../../../shared/test/api-answer.ts';
import { renderRoutes } from '../../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../../shared/test/screen-test-hooks.ts';
import { signInAs } from '../../../../shared/test/test-session.ts';
import { FamilyEditor } from './family-editor.tsx';

const ADMIN = [
  'adminmanagement.read',
  'contentmanagement.read',
  'contentmanagement.create',
  'contentmanagement.update',
  'contentmanagement.delete',
];

const family: TRevitFamily = {
  revitFamilyId: 5,
  revitFamilyName: 'Office chair',
  revitVersion: '2023',
  revitFamilyVersion: null,
  revitFamilyInternalVersion: null,
  revitFamilyCategoryId: 1,
  categoryName: 'Furniture',
  revitFamilyRating: 4,
  revitFamilyDescription: 'A chair',
  revitFamilyTags: ['chair'],
  revitFamilyFileName: 'chair.rfa',
  revitFamilyFileHash: 'c'.repeat(64),
  revitFamilyFileSize: 380_000,
  revitFamilyPictureFileName: null,
  revitFamilyPictureHash: 'd'.repeat(64),
  pictureFromFile: false,
  omniClassCode: '23.40.20.00',
  revitCategory: 'Furniture',
  typeCatalogFileName: null,
  typeSource: 'partAtom',
  typeCount: 1,
  revitFamilyTypes: [],
  revitFamilyVersions: [],
  parameterListId: null,
  parameterListCode: null,
  cost: 120,
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

const uploadAnswer = {
  upload: {
    uploadId: 'a'.repeat(32),
    fileName: 'desk.rfa',
    size: 2_000_000,
    sha256: 'b'.repeat(64),
    contents: {
      revitVersion: '2024',
      revitBuild: '20230308_1635(x64)',
      title: 'Desk',
      omniClassCode: null,
      revitCategory: 'Furniture',
      types: [
        { typeName: 'Small', parameters: [] },
        { typeName: 'Large', parameters: [] },
      ],
      hasPreview: true,
    },
    previewBase64: 'iVBORw0KGgo=',
    suggestions: { revitFamilyName: 'Desk', categoryId: 1, tags: ['desk', 'office'] },
  },
};

/** XMLHttpRequest as the upload uses it, driven by the test. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  aborted = false;

  open(_method: string, url: string): void {
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: unknown): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  answer(status: number, payload: object): void {
    this.status = status;
    this.responseText = JSON.stringify({ responseCode: status, errorMessages: [], ...payload });
    this.onload?.();
  }
}

type TCall = { url: string; body: Record<string, unknown> };
let calls: TCall[] = [];
let saveAnswer: () => Response;

function renderEditor(url: string) {
  initI18n('en');
  return renderRoutes(
    [
      { path: '/families/new', element: <FamilyEditor /> },
      { path: '/families/:id/edit', element: <FamilyEditor /> },
      { path: '/families/:id', element: <output data-testid="family-page">page</output> },
    ],
    url,
  ).router;
}

const rfaInput = () => document.querySelector<HTMLInputElement>('input[type=file][accept=".rfa"]');
const catalogInput = () =>
  document.querySelector<HTMLInputElement>('input[type=file][accept=".txt,text/plain"]');
const nameInput = () => screen.getByLabelText<HTMLInputElement>('Name', { selector: 'input' });

async function drop(file: File): Promise<FakeXhr> {
  const input = rfaInput();
  if (!input) throw new Error('no .rfa input');
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
  await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  const xhr = FakeXhr.sent[0];
  if (!xhr) throw new Error('no upload sent');
  return xhr;
}

const rfa = () => new File([new Uint8Array(64)], 'desk.rfa', { type: 'application/octet-stream' });

describe('FamilyEditor', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    calls = [];
    FakeXhr.sent = [];
    saveAnswer = () => apiAnswer(200, { revitFamilyInfos: [{ ...family, revitFamilyId: 9 }] });
    signInAs(ADMIN);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>;
        calls.push({ url, body });
        if (url === 'api/category/find') {
          return Promise.resolve(
            apiAnswer(200, {
              categoryInfos: [
                {
                  categoryId: 1,
                  categoryName: 'Furniture',
                  categoryDescription: null,
                  categoryPictureFileName: null,
                  categoryPictureHash: null,
                  active: true,
                  familyCount: 1,
                },
              ],
            }),
          );
        }
        if (url === 'api/family/get/5')
          return Promise.resolve(apiAnswer(200, { revitFamilyInfos: [family] }));
        if (url === 'api/family/save' || url === 'api/family/update') return Promise.resolve(saveAnswer());
        return Promise.resolve(apiAnswer(404, {}, ['[Title] Not found']));
      }),
    );
  });

  it('streams the dropped .rfa with a progress bar, then fills the form from the answer', async () => {
    renderEditor('/families/new');
    const xhr = await drop(rfa());
    expect(xhr.url).toBe('api/family/upload');
    expect(xhr.headers.Authorization).toBe(`Bearer ${sessionStore.getSnapshot().authData?.authToken ?? ''}`);
    expect(xhr.body).toBeInstanceOf(FormData);
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);

    act(() => xhr.progress(1_000, 4_000));
    const progress = await screen.findByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('family-save')).toHaveProperty('disabled', true);
    act(() => xhr.progress(3_000, 4_000));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('75'));

    act(() => xhr.answer(200, uploadAnswer));
    await waitFor(() => expect(nameInput().value).toBe('Desk'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByTestId('family-revit-version').textContent).toBe('2024');
    expect(screen.getByTestId('family-preview').getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByTestId('rfa-file').textContent).toContain('desk.rfa');
    await waitFor(() => expect(document.body.textContent).toContain('Furniture'));

    // A suggested tag becomes a tag with one click.
    const suggestions = screen.getByTestId('tag-suggestions');
    fireEvent.click(within(suggestions).getByRole('button', { name: 'Add the tag office' }));
    await waitFor(() =>
      expect(within(suggestions).queryByRole('button', { name: 'Add the tag office' })).toBeNull(),
    );

    await act(async () => {
      fireEvent.click(screen.getByTestId('family-save'));
    });
    await waitFor(() => expect(calls.some((c) => c.url === 'api/family/save')).toBe(true));
    const sent = calls.find((c) => c.url === 'api/family/save')?.body.revitFamilyInfos as Record<
      string,
      unknown
    >[];
    expect(sent[0]).toMatchObject({
      revitFamilyName: 'Desk',
      revitFamilyCategoryId: 1,
      revitFamilyUploadId: 'a'.repeat(32),
      revitFamilyFileName: 'desk.rfa',
      revitFamilyTags: ['office'],
    });
    expect(sent[0]).not.toHaveProperty('typeCatalogText');
    await screen.findByTestId('family-page');
  });

  it('keeps a name typed before the upload and cancels a running upload', async () => {
    renderEditor('/families/new');
    fireEvent.change(nameInput(), { target: { value: 'My desk' } });
    const first = await drop(rfa());
    act(() => first.progress(10, 100));
    fireEvent.click(await screen.findByTestId('rfa-cancel'));
    expect(first.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByTestId('rfa-file')).toBeNull();

    FakeXhr.sent = [];
    const second = await drop(rfa());
    act(() => second.answer(200, uploadAnswer));
    await screen.findByTestId('rfa-file');
    expect(nameInput().value).toBe('My desk');
  });

  it('shows a refused file on the file field', async () => {
    renderEditor('/families/new');
    const xhr = await drop(rfa());
    act(() => {
      xhr.status = 422;
      xhr.responseText = JSON.stringify({
        responseCode: 422,
        errorMessages: [
          '[Title] Unprocessable',
          '[Detail] desk.rfa is not a Revit family: it is not a compound document',
        ],
        errorDetails: [{ key: 'rfaNotCompound', values: { name: 'file' } }],
      });
      xhr.onload?.();
    });
    const text =
      'desk.rfa: This file is not a Revit family (.rfa). Save or export the family from Revit and upload the .rfa file.';
    expect(await screen.findAllByText(text)).not.toHaveLength(0);
    expect(screen.queryByTestId('rfa-file')).toBeNull();
  });

  it('names a refused file and says what to do in another language', async () => {
    await i18n.changeLanguage('de');
    renderEditor('/families/new');
    const xhr = await drop(rfa());
    act(() => {
      xhr.status = 415;
      xhr.responseText = JSON.stringify({
        responseCode: 415,
        errorMessages: [
          '[Title] Unsupported',
          '[Detail] file is not a Revit family: it is not a compound document',
        ],
        errorDetails: [{ key: 'rfaNotCompound', values: { name: 'file' } }],
      });
      xhr.onload?.();
    });
    const text =
      'desk.rfa: Diese Datei ist keine Revit-Familie (.rfa). Speichern oder exportieren Sie die Familie aus Revit und laden Sie die .rfa-Datei hoch.';
    expect(await screen.findAllByText(text)).not.toHaveLength(0);
  });

  it('puts a type catalog error of the server on the type catalog field', async () => {
    saveAnswer = () =>
      new Response(
        JSON.stringify({
          responseCode: 422,
          errorMessages: [
            '[Title] Unprocessable',
            '[Detail] type catalog line 3 has 2 values; the header has 3',
          ],
          errorDetails: [
            {
              key: 'typeCatalogColumns',
              values: { line: 3, found: 2, expected: 3 },
              field: 'revitFamilyInfos.0.typeCatalogText',
            },
          ],
        }),
        { status: 422, headers: { 'Content-Type': 'application/json' } },
      );
    renderEditor('/families/new');
    const xhr = await drop(rfa());
    act(() => xhr.answer(200, uploadAnswer));
    await waitFor(() => expect(nameInput().value).toBe('Desk'));

    const catalog =
      'Name,Width##LENGTH##MILLIMETERS,Height##LENGTH##MILLIMETERS\nSmall,800,720\nLarge,1600\n';
    const input = catalogInput();
    if (!input) throw new Error('no catalog input');
    await act(async () => {
      fireEvent.change(input, {
        target: { files: [new File([catalog], 'desk.txt', { type: 'text/plain' })] },
      });
    });
    await waitFor(() => expect(screen.getByTestId('catalog-file').textContent).toContain('desk.txt'));

    await act(async () => {
      fireEvent.click(screen.getByTestId('family-save'));
    });
    const field = (await screen.findByText('Type catalog line 3 has 2 values; the header has 3')).closest(
      '.ant-form-item',
    );
    expect(field?.textContent).toContain('Type catalog');
    const sent = calls.find((c) => c.url === 'api/family/save')?.body.revitFamilyInfos as Record<
      string,
      unknown
    >[];
    expect(sent[0]).toMatchObject({ typeCatalogText: catalog, typeCatalogFileName: 'desk.txt' });
    expect(screen.queryByTestId('family-page')).toBeNull();
  });

  it('sends nothing when an edited family is saved unchanged', async () => {
    renderEditor('/families/5/edit');
    await waitFor(() => expect(nameInput().value).toBe('Office chair'));
    expect(screen.getByTestId('family-revit-version').textContent).toBe('2023');
    await act(async () => {
      fireEvent.click(screen.getByTestId('family-save'));
    });
    await screen.findByTestId('family-page');
    expect(calls.filter((c) => c.url === 'api/family/update')).toHaveLength(0);
  });

  it('sends the whole family when one field changed, and asks before leaving unsaved changes', async () => {
    const router = renderEditor('/families/5/edit');
    await waitFor(() => expect(nameInput().value).toBe('Office chair'));
    fireEvent.change(nameInput(), { target: { value: 'Office chair, tall' } });

    await act(async () => {
      await router.navigate('/families/5');
    });
    await screen.findByText('Leave without saving?');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByTestId('family-page')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByTestId('family-save'));
    });
    await screen.findByTestId('family-page');
    const sent = calls.find((c) => c.url === 'api/family/update')?.body.revitFamilyInfos as Record<
      string,
      unknown
    >[];
    expect(sent[0]).toEqual({
      revitFamilyId: 5,
      revitFamilyName: 'Office chair, tall',
      revitFamilyCategoryId: 1,
      revitFamilyRating: 4,
      revitFamilyDescription: 'A chair',
      revitFamilyTags: ['chair'],
      cost: 120,
      parameterListCode: null,
    });
  });
});
