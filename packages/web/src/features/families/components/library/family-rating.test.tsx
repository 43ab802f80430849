import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../../shared/i18n/i18n.ts';
import { renderWithProviders } from '../../../../shared/test/render-with-providers.tsx';
import { FamilyRating } from './family-rating.tsx';

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
});
