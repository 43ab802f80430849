import type { TCategory } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render-with-providers.tsx';
import { screenTestHooks } from '../../../shared/test/screen-test-hooks.ts';
import { CategoryForm, type TCategoryFormProps } from './category-form.tsx';
import { MAX_PICTURE_BYTES } from '../../../shared/ui/picture-field.tsx';

const doors: TCategory = {
  categoryId: 12,
  categoryName: 'Doors',
  categoryDescription: 'Doors and frames',
  categoryPictureFileName: 'doors.png',
  categoryPictureHash: 'ab'.repeat(32),
  active: true,
  familyCount: 3,
};

type TSaved = { categoryInfos: Record<string, unknown>[] };
let saved: TSaved[] = [];
let answer: { status: number; body: object } = {
  status: 200,
  body: { responseCode: 200, errorMessages: [], categoryInfos: [] },
};

function renderForm(props: Partial<TCategoryFormProps>) {
  const onClose = vi.fn();
  renderWithProviders(<CategoryForm open category={null} onClose={onClose} {...props} />);
  return { onClose };
}

const field = (label: string) =>
  screen.getByLabelText<HTMLInputElement>(label, { exact: false, selector: 'input, textarea' });

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('category-form-save'));
  });

/** Drops a file on the picture field (the chooser's input, as the drag-and-drop area feeds it). */
const pick = (file: File) =>
  act(async () => {
    const input = screen
      .getByTestId('category-form')
      .querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
  });

/** A file that starts like a PNG (jsdom cannot decode pictures, so the name and type decide). */
function png(bytes = 64): File {
  const data = new Uint8Array(bytes);
  data.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([data], 'door.png', { type: 'image/png' });
}

describe('CategoryForm', { timeout: 30_000 }, () => {
  screenTestHooks();

  beforeEach(() => {
    saved = [];
    answer = { status: 200, body: { responseCode: 200, errorMessages: [], categoryInfos: [] } };
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        saved.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as TSaved);
        return Promise.resolve(
          new Response(JSON.stringify(answer.body), {
            status: answer.status,
            headers: { 'Content-Type': 'application/json' },
          }),
        );
      }),
    );
  });

  it('says an empty name is required and sends nothing', async () => {
    renderForm({});
    await save();
    await screen.findByText('Category name is required');
    expect(saved).toHaveLength(0);
  });

  it('says a name of more than 100 characters is too long, in the reader language', async () => {
    await i18n.changeLanguage('de');
    renderForm({});
    fireEvent.change(field('Name'), { target: { value: 'x'.repeat(101) } });
    await save();
    await screen.findByText('Maximale Feldlänge: 100');
    expect(saved).toHaveLength(0);
  });

  it('creates a category with its trimmed name, description and no picture key', async () => {
    const { onClose } = renderForm({});
    fireEvent.change(field('Name'), { target: { value: '  Windows  ' } });
    fireEvent.change(field('Description'), { target: { value: '  ' } });
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.categoryInfos).toEqual([
      { categoryName: 'Windows', categoryDescription: null, active: true },
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('sends nothing when an edit is saved unchanged, and closes', async () => {
    const { onClose } = renderForm({ category: doors });
    await waitFor(() => expect(field('Name').value).toBe('Doors'));
    // Spaces around the same name are no change either.
    fireEvent.change(field('Name'), { target: { value: ' Doors ' } });
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saved).toHaveLength(0);
  });

  it('keeps the stored picture (no picture key) when only the name changed', async () => {
    renderForm({ category: doors });
    await waitFor(() => expect(field('Name').value).toBe('Doors'));
    fireEvent.change(field('Name'), { target: { value: 'Doors and gates' } });
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = saved[0]?.categoryInfos[0] ?? {};
    expect(sent).toMatchObject({ categoryId: 12, categoryName: 'Doors and gates', active: true });
    expect('categoryPictureBase64' in sent).toBe(false);
  });

  it('removes the stored picture with null', async () => {
    renderForm({ category: doors });
    await screen.findByTestId('category-picture-preview');
    fireEvent.click(screen.getByTestId('category-picture-remove'));
    expect(screen.queryByTestId('category-picture-preview')).toBeNull();
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.categoryInfos[0]).toMatchObject({ categoryId: 12, categoryPictureBase64: null });
  });

  it('refuses a file that is not a picture, on the picture field, and sends nothing for it', async () => {
    renderForm({ category: doors });
    await waitFor(() => expect(field('Name').value).toBe('Doors'));
    await pick(new File(['just some notes'], 'notes.txt', { type: 'text/plain' }));
    await screen.findByText('This file is not a picture. Choose a PNG, JPEG, GIF or WebP image.');
    // The stored picture is still the one shown, and saving changes nothing.
    expect(screen.getByTestId('category-picture-preview').getAttribute('src')).toContain('api/picture/');
    await save();
    expect(saved).toHaveLength(0);
  });

  it('refuses a picture larger than 5 MB', async () => {
    renderForm({});
    await pick(png(MAX_PICTURE_BYTES + 1));
    await screen.findByText('The picture is larger than 5 MB; choose a smaller one.');
    expect(screen.queryByTestId('category-picture-preview')).toBeNull();
  });

  it('previews a dropped PNG and sends it base64 with its file name', async () => {
    renderForm({});
    fireEvent.change(field('Name'), { target: { value: 'Stairs' } });
    await pick(png());
    const preview = await screen.findByTestId('category-picture-preview');
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw/);
    await save();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.categoryInfos[0]).toMatchObject({
      categoryName: 'Stairs',
      categoryPictureFileName: 'door.png',
      categoryPictureBase64: expect.stringMatching(/^iVBORw/) as unknown,
    });
  });

  it('shows a server error about the name on the name field', async () => {
    answer = {
      status: 409,
      body: {
        responseCode: 409,
        errorMessages: ['[Title] Conflict', '[Detail] This categoryName already exists'],
        errorDetails: [
          { key: 'alreadyExists', values: { name: 'categoryName' }, field: 'categoryInfos.0.categoryName' },
        ],
      },
    };
    renderForm({});
    fireEvent.change(field('Name'), { target: { value: 'Doors' } });
    await save();
    const message = await screen.findAllByText('This category name already exists');
    expect(message.some((node) => node.closest('.ant-form-item-explain'))).toBe(true);
  });
});
