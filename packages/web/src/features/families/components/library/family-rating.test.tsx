import { renderHook, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n } from '../../../../shared/i18n/i18n.ts';
import { renderWithProviders } from '../../../../shared/test/render-with-providers.tsx';
import { FamilyRating, useRatingDrawing } from './family-rating.tsx';

describe('FamilyRating', () => {
  it('is one image named by its rating, with nothing in it to focus or click', () => {
    initI18n('en');
    const { container } = renderWithProviders(<FamilyRating rating={4.4} size={16} />);
    const image = screen.getByRole('img', { name: 'Rated 4.5 of 5' });
    expect(image.getAttribute('title')).toBe('Rated 4.5 of 5');
    expect(container.querySelectorAll('[tabindex], button, input, [role=radio]')).toHaveLength(0);
    // The stars are drawing only: one name for the whole rating.
    expect(screen.getAllByRole('img')).toHaveLength(1);
  });

  it('says when a family is not rated', () => {
    initI18n('en');
    renderWithProviders(<FamilyRating rating={null} />);
    expect(screen.getByRole('img', { name: 'Not rated' })).toBeTruthy();
  });

  it('fills the stars up to the rating, cut at a half star', () => {
    initI18n('en');
    renderWithProviders(<FamilyRating rating={2.6} size={14} />);
    const image = screen.getByRole('img', { name: 'Rated 2.5 of 5' });
    // Two whole stars of 14 px with their 1 px gaps, then half of the third.
    const filled = image.querySelector<HTMLElement>('span[aria-hidden]');
    expect(filled?.style.width).toBe('37px');
    expect(image.querySelectorAll('img, svg')).toHaveLength(0);
    expect(image.style.backgroundImage).toContain('image/svg+xml');
    expect(filled?.style.backgroundImage).toContain('fadb14');
    expect(image.style.width).toBe('74px');
  });

  it('draws an unrated family without a filled part', () => {
    initI18n('en');
    const { container } = renderWithProviders(<FamilyRating rating={null} />);
    const image = within(container).getByRole('img', { name: 'Not rated' });
    expect(image.style.backgroundImage).toContain('image/svg+xml');
    expect(image.children).toHaveLength(0);
  });

  it('gives a list the same drawing for the same rounded rating', () => {
    initI18n('en');
    const { result } = renderHook(() => useRatingDrawing(), {
      wrapper: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
    });
    expect(result.current(4.1)).toBe(result.current(4));
    expect(result.current(3)).not.toBe(result.current(4));
    expect(result.current(null)).not.toBe(result.current(0));
  });
});
