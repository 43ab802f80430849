import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../../shared/i18n/number-format.ts';

const STAR_COLOR = '#fadb14';
/** Ant Design's filled star (StarFilled), drawn here: an icon component per star costs a gallery dear. */
const STAR_PATH =
  'M908.1 353.1l-253.9-36.9L540.7 86.1c-3.1-6.3-8.2-11.4-14.5-14.5-15.8-7.8-35-1.3-42.9 14.5L369.8 316.2l-253.9 36.9c-7 1-13.4 4.3-18.3 9.3a32.05 32.05 0 00.6 45.3l183.7 179.1-43.4 252.9a31.95 31.95 0 0046.4 33.7L512 754l227.1 119.4c6.2 3.3 13.4 4.4 20.3 3.2 17.4-3 29.1-19.5 26.1-36.9l-43.4-252.9 183.7-179.1c5-4.9 8.3-11.3 9.3-18.3 2.7-17.5-9.5-33.7-27-36.3z';
const STAR_GAP = 1;

/** Five stars side by side in one drawing, `size` px each. */
function Stars({ size, color }: { size: number; color: string }) {
  const width = 5 * size + 4 * STAR_GAP;
  return (
    <svg
      width={width}
      height={size}
      viewBox={`0 0 ${width} ${size}`}
      fill={color}
      aria-hidden
      focusable="false"
    >
      {[0, 1, 2, 3, 4].map((star) => (
        <svg key={star} x={star * (size + STAR_GAP)} width={size} height={size} viewBox="64 64 896 896">
          <path d={STAR_PATH} />
        </svg>
      ))}
    </svg>
  );
}

/**
 * A rating to read: five stars, as many filled as the rating (rounded to halves), one image read
 * out as "Rated 4 of 5". Nothing in it takes focus or clicks (axe's nested-interactive): where a
 * person rates, the form shows antd's Rate instead. Two drawings, the filled one cut at the rating,
 * so a gallery of cards stays a few elements per rating.
 */
export function FamilyRating({ rating, size = 14 }: { rating: number | null; size?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const format = useNumberFormat();
  const rounded = rating === null ? 0 : Math.round(rating * 2) / 2;
  const label =
    rating === null
      ? t('families.list.notRated')
      : t('families.page.ratingOf', { rating: format.number(rounded) });
  const filled = Math.floor(rounded) * (size + STAR_GAP) + (rounded % 1 ? size / 2 : 0);
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="family-rating"
      style={{ position: 'relative', display: 'inline-flex', verticalAlign: '-0.125em', lineHeight: 0 }}
    >
      <Stars size={size} color={token.colorFillSecondary} />
      {filled > 0 ? (
        <span
          aria-hidden
          style={{ position: 'absolute', insetInlineStart: 0, top: 0, width: filled, overflow: 'hidden' }}
        >
          <Stars size={size} color={STAR_COLOR} />
        </span>
      ) : null}
    </span>
  );
}
