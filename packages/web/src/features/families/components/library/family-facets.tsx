import type { TFacetCount, TFamilyFacets } from '@portal/contract';
import { Button, Checkbox, Radio, theme, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../../shared/i18n/number-format.ts';
import {
  joinTags,
  minRatingOf,
  tagsOf,
  type TFamilyListPatch,
  type TFamilyListState,
} from './family-library-state.ts';

export type TFamilyFacetsProps = {
  facets: TFamilyFacets | undefined;
  state: TFamilyListState;
  /** A search or filter is active: a facet without values says so rather than "nothing yet". */
  filtered: boolean;
  onChange: (patch: TFamilyListPatch) => void;
};

/** Values a facet lists before "Show all". */
const SHOWN_VALUES = 8;

/** The facet's values, plus chosen ones the counts no longer name (they count 0 now). */
function withChosen(values: readonly TFacetCount[], chosen: readonly string[]): TFacetCount[] {
  const known = new Set(values.map((v) => v.value));
  return [
    ...values,
    ...chosen.filter((v) => !known.has(v)).map((value) => ({ value, label: value, count: 0 })),
  ];
}

function Count({ count }: { count: number }) {
  const { token } = theme.useToken();
  const format = useNumberFormat();
  return (
    <span style={{ color: token.colorTextSecondary, marginInlineStart: 6 }}>{format.number(count)}</span>
  );
}

function FacetGroup({
  title,
  testId,
  values,
  chosen,
  filtered,
  onChange,
}: {
  title: string;
  testId: string;
  values: readonly TFacetCount[];
  filtered: boolean;
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [all, setAll] = useState(false);
  const listed = withChosen(values, chosen);
  // Chosen values stay visible even when they rank below the first few.
  const shown = all ? listed : listed.filter((v, i) => i < SHOWN_VALUES || chosen.includes(v.value));
  return (
    <section aria-labelledby={headingId} data-testid={`facet-${testId}`} style={{ marginBottom: 20 }}>
      <Typography.Title level={2} id={headingId} style={{ fontSize: 14, marginBottom: 8 }}>
        {title}
      </Typography.Title>
      {listed.length === 0 ? (
        <Typography.Text type="secondary" data-testid="facet-none">
          {filtered ? t('families.facets.noneFiltered') : t('families.facets.none')}
        </Typography.Text>
      ) : (
        <Checkbox.Group
          value={[...chosen]}
          onChange={(next) => onChange(next)}
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        >
          {shown.map((v) => (
            <Checkbox key={v.value} value={v.value} style={{ minWidth: 0 }}>
              <span
                title={v.label}
                style={{ display: 'inline-flex', maxWidth: 200, minWidth: 0 }}
                data-testid="facet-value"
              >
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {v.label}
                </span>
                <Count count={v.count} />
              </span>
            </Checkbox>
          ))}
        </Checkbox.Group>
      )}
      {listed.length > SHOWN_VALUES ? (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setAll((a) => !a)}>
          {all ? t('families.facets.showLess') : t('families.facets.showAll', { count: listed.length })}
        </Button>
      ) : null}
    </section>
  );
}

function RatingFacet({
  values,
  chosen,
  onChange,
}: {
  values: readonly TFacetCount[];
  chosen: number | null;
  onChange: (rating: number | null) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const countOf = (rating: number) => values.find((v) => Number(v.value) === rating)?.count;
  return (
    <section aria-labelledby={headingId} data-testid="facet-rating" style={{ marginBottom: 20 }}>
      <Typography.Title level={2} id={headingId} style={{ fontSize: 14, marginBottom: 8 }}>
        {t('families.fields.rating')}
      </Typography.Title>
      <Radio.Group
        value={chosen ?? 0}
        onChange={(event) => onChange(event.target.value === 0 ? null : Number(event.target.value))}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      >
        <Radio value={0}>{t('families.facets.anyRating')}</Radio>
        {[4, 3, 2, 1].map((rating) => {
          const count = countOf(rating);
          return (
            <Radio key={rating} value={rating}>
              <span data-testid="facet-value">
                {t('families.facets.ratingAtLeast', { rating })}
                {count === undefined ? null : <Count count={count} />}
              </span>
            </Radio>
          );
        })}
      </Radio.Group>
    </section>
  );
}

/**
 * The library's facets: category, Revit version, rating (at least n stars), tag and company, each
 * value with the number of families it would find given the other filters.
 */
export function FamilyFacetPanel({ facets, state, filtered, onChange }: TFamilyFacetsProps) {
  const { t } = useTranslation();
  const { categoryIds, revitVersions, companyIds } = state.filters;
  const ids = (values: string[]) => values.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return (
    <div data-testid="family-facets">
      <FacetGroup
        title={t('families.fields.category')}
        testId="category"
        values={facets?.categories ?? []}
        chosen={categoryIds.map(String)}
        filtered={filtered}
        onChange={(next) => onChange({ filters: { categoryIds: ids(next) } })}
      />
      <FacetGroup
        title={t('families.fields.revitVersion')}
        testId="revit"
        values={facets?.revitVersions ?? []}
        chosen={revitVersions.map(String)}
        filtered={filtered}
        onChange={(next) => onChange({ filters: { revitVersions: ids(next) } })}
      />
      <RatingFacet
        values={facets?.ratings ?? []}
        chosen={minRatingOf(state)}
        onChange={(rating) => onChange({ filters: { minRating: rating === null ? '' : String(rating) } })}
      />
      <FacetGroup
        title={t('families.fields.tags')}
        testId="tag"
        values={facets?.tags ?? []}
        chosen={tagsOf(state)}
        filtered={filtered}
        onChange={(next) => onChange({ filters: { tags: joinTags(next) } })}
      />
      <FacetGroup
        title={t('families.fields.company')}
        testId="company"
        values={facets?.companies ?? []}
        chosen={companyIds.map(String)}
        filtered={filtered}
        onChange={(next) => onChange({ filters: { companyIds: ids(next) } })}
      />
    </div>
  );
}
