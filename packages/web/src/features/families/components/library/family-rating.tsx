import { StarFilled } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../../shared/i18n/number-format.ts';

const STAR_COLOR = '#fadb14';

/**
 * A rating to read: five stars, as many filled as the rating (rounded to halves), one image read
 * out as "Rated 4 of 5". Nothing in it takes focus or clicks (axe's nested-interactive): where a
 * person rates, the form shows antd's Rate instead.
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
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="family-rating"
      style={{ whiteSpace: 'nowrap', fontSize: size }}
    >
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = rounded >= star ? 100 : rounded >= star - 0.5 ? 50 : 0;
        return (
          <span
            key={star}
            aria-hidden
            style={{ position: 'relative', display: 'inline-block', marginInlineEnd: 1 }}
          >
            <StarFilled style={{ color: token.colorFillSecondary }} />
            {fill > 0 ? (
              <span
                style={{
                  position: 'absolute',
                  insetInlineStart: 0,
                  top: 0,
                  width: `${fill}%`,
                  overflow: 'hidden',
                }}
              >
                <StarFilled style={{ color: STAR_COLOR }} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
