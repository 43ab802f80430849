import { theme } from 'antd';
import { type ReactElement, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../shared/i18n/number-format.ts';

const STAR_COLOR = '#fadb14';
/** Ant Design's filled star (StarFilled), drawn here: an icon component per star costs a gallery dear. */
const STAR_PATH =
  'M908.1 353.1l-253.9-36.9L540.7 86.1c-3.1-6.3-8.2-11.4-14.5-14.5-15.8-7.8-35-1.3-42.9 14.5L369.8 316.2l-253.9 36.9c-7 1-13.4 4.3-18.3 9.3a32.05 32.05 0 00.6 45.3l183.7 179.1-43.4 252.9a31.95 31.95 0 0046.4 33.7L512 754l227.1 119.4c6.2 3.3 13.4 4.4 20.3 3.2 17.4-3 29.1-19.5 26.1-36.9l-43.4-252.9 183.7-179.1c5-4.9 8.3-11.3 9.3-18.3 2.7-17.5-9.5-33.7-27-36.3z';
const STAR_GAP = 1;

/** The stars' picture from the start, once, and printed as it shows. */
const PICTURE = {
  backgroundRepeat: 'no-repeat',
  backgroundPosition: 'left top',
  printColorAdjust: 'exact',
  WebkitPrintColorAdjust: 'exact',
} as const;

const starsWidth = (size: number) => 5 * size + 4 * STAR_GAP;

// One picture per size and colour, kept: the browser decodes it once however many ratings show it.
const pictures = new Map<string, string>();

/** Five stars side by side, `size` px each, as an SVG data URL (an image, not SVG elements per rating). */
function starsPicture(size: number, color: string): string {
  const id = `${size}\u0000${color}`;
  let url = pictures.get(id);
  if (!url) {
    const width = starsWidth(size);
    // One star drawn once and used five times; only the characters a data URL needs are escaped.
    const stars = [0, 1, 2, 3, 4]
      .map((star) => `<use href='#s' x='${star * (size + STAR_GAP)}' width='${size}' height='${size}'/>`)
      .join('');
    const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${size}' viewBox='0 0 ${width} ${size}' fill='${color}'><symbol id='s' viewBox='64 64 896 896'><path d='${STAR_PATH}'/></symbol>${stars}</svg>`;
    url = `data:image/svg+xml,${svg.replace(/[%#<>"]/g, encodeURIComponent)}`;
    pictures.set(id, url);
  }
  return url;
}

/** A rating rounded to halves, as the stars show it; 0 for none. */
function roundedRating(rating: number | null): number {
  return rating === null ? 0 : Math.round(rating * 2) / 2;
}

/**
 * A rating to read: five stars, as many filled as the rating (rounded to halves), one image read
 * out as "Rated 4 of 5". Nothing in it takes focus or clicks (axe's nested-interactive): where a
 * person rates, the form shows antd's Rate instead. Two pictures of five stars as backgrounds (kept
 * in print and in forced colours), the filled one cut at the rating: two elements per rating.
 */
function RatingStars({
  label,
  rounded,
  size,
  empty,
}: {
  label: string;
  rounded: number;
  size: number;
  empty: string;
}): ReactElement {
  const filled = Math.floor(rounded) * (size + STAR_GAP) + (rounded % 1 ? size / 2 : 0);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="family-rating"
      style={{
        ...PICTURE,
        position: 'relative',
        display: 'inline-block',
        verticalAlign: '-0.125em',
        lineHeight: 0,
        width: starsWidth(size),
        height: size,
        backgroundImage: `url("${empty}")`,
      }}
    >
      {filled > 0 ? (
        <span
          aria-hidden
          style={{
            ...PICTURE,
            position: 'absolute',
            left: 0,
            top: 0,
            width: filled,
            height: size,
            backgroundImage: `url("${starsPicture(size, STAR_COLOR)}")`,
          }}
        />
      ) : null}
    </span>
  );
}

/**
 * Draws ratings of `size` px stars: the same element for the same rounded rating, made once per
 * language and theme, so a table or gallery of ratings costs a lookup per row rather than a
 * component with its hooks.
 */
export function useRatingDrawing(size = 14): (rating: number | null) => ReactElement {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const empty = token.colorFillSecondary;
  return useMemo(() => {
    const drawn = new Map<number, ReactElement>();
    const picture = starsPicture(size, empty);
    return (rating) => {
      const rounded = roundedRating(rating);
      const key = rating === null ? -1 : rounded;
      let element = drawn.get(key);
      if (!element) {
        const label =
          rating === null
            ? t('families.list.notRated')
            : t('families.page.ratingOf', { rating: formatNumber(rounded, language) });
        element = <RatingStars label={label} rounded={rounded} size={size} empty={picture} />;
        drawn.set(key, element);
      }
      return element;
    };
  }, [t, language, empty, size]);
}

/** One family's rating (see RatingStars); lists draw theirs with useRatingDrawing. */
export function FamilyRating({ rating, size = 14 }: { rating: number | null; size?: number }) {
  return useRatingDrawing(size)(rating);
}
