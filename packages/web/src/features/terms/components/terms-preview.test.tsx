import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../shared/i18n/i18n.ts';
import { installBrowserStubs } from '../../../shared/list/list-test-support.tsx';
import { TermsPreview } from './terms-preview.tsx';

type TProbe = Window & { __x?: number; __y?: number };

const HOSTILE = [
  '# Terms of use',
  '',
  'Read **carefully**, and see [our policy](https://example.com/policy).',
  '',
  '- one',
  '- two',
  '',
  '<script>window.__x=1</script>',
  '',
  '<img src=x onerror="window.__y=1">',
  '',
  '[click me](javascript:window.__x=2)',
].join('\n');

function renderPreview(text: string) {
  return render(
    <I18nextProvider i18n={i18n}>
      <TermsPreview title="Terms of use" text={text} />
    </I18nextProvider>,
  );
}

describe('TermsPreview', { timeout: 20_000 }, () => {
  beforeAll(() => {
    initI18n('en');
    installBrowserStubs();
  });
  afterEach(cleanup);

  it('renders the Markdown: headings, bold, lists and links that open in a new tab without the opener', () => {
    renderPreview(HOSTILE);
    const body = screen.getByTestId('terms-preview-body');
    expect(body.querySelector('h1')?.textContent).toBe('Terms of use');
    expect(body.querySelector('strong')?.textContent).toBe('carefully');
    expect(body.querySelectorAll('li')).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'our policy' });
    expect(link.getAttribute('href')).toBe('https://example.com/policy');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows raw HTML as text: no script or img element is made and nothing runs', async () => {
    renderPreview(HOSTILE);
    const body = screen.getByTestId('terms-preview-body');
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('img')).toBeNull();
    expect(body.querySelector('[onerror]')).toBeNull();
    expect(body.textContent).toContain('<script>window.__x=1</script>');
    expect(body.textContent).toContain('<img src=x onerror="window.__y=1">');
    // Give a stray image error or script a moment to run, were one there.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((window as TProbe).__x).toBeUndefined();
    expect((window as TProbe).__y).toBeUndefined();
  });

  it('drops a javascript: link target', () => {
    renderPreview(HOSTILE);
    const link = screen.getByText('click me').closest('a');
    expect(link?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('says where the preview appears while the text is empty', () => {
    renderPreview('   ');
    expect(screen.getByText('The preview shows here as you write.')).toBeTruthy();
  });
});
