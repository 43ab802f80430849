import { CloseOutlined } from '@ant-design/icons';
import type { TFacetCount, TFamilyFacets } from '@portal/contract';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  joinTags,
  minRatingOf,
  tagsOf,
  type TFamilyListPatch,
  type TFamilyListState,
} from './family-library-state.ts';

type TChip = { key: string; text: string; patch: TFamilyListPatch };

function labelOf(values: readonly TFacetCount[] | undefined, value: string | number): string {
  return values?.find((v) => v.value === String(value))?.label ?? String(value);
}

/** One chip per chosen filter value (a click removes it) and "Clear all", shown while anything narrows. */
export function ActiveFilters({
  state,
  facets,
  filtered,
  onChange,
  onClear,
}: {
  state: TFamilyListState;
  facets: TFamilyFacets | undefined;
  filtered: boolean;
  onChange: (patch: TFamilyListPatch) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (!filtered) return null;
  const { categoryIds, revitVersions, companyIds } = state.filters;
  const tags = tagsOf(state);
  const rating = minRatingOf(state);
  const chips: TChip[] = [
    ...(state.search.trim() ? [{ key: 'q', text: `“${state.search.trim()}”`, patch: { search: '' } }] : []),
    ...categoryIds.map((id) => ({
      key: `c${id}`,
      text: labelOf(facets?.categories, id),
      patch: { filters: { categoryIds: categoryIds.filter((c) => c !== id) } },
    })),
    ...revitVersions.map((version) => ({
      key: `r${version}`,
      text: `Revit ${labelOf(facets?.revitVersions, version)}`,
      patch: { filters: { revitVersions: revitVersions.filter((v) => v !== version) } },
    })),
    ...(rating === null
      ? []
      : [
          {
            key: 'rating',
            text: t('families.facets.ratingAtLeast', { rating }),
            patch: { filters: { minRating: '' } },
          },
        ]),
    ...tags.map((tag) => ({
      key: `t${tag}`,
      text: `#${tag}`,
      patch: { filters: { tags: joinTags(tags.filter((x) => x !== tag)) } },
    })),
    ...companyIds.map((id) => ({
      key: `co${id}`,
      text: labelOf(facets?.companies, id),
      patch: { filters: { companyIds: companyIds.filter((c) => c !== id) } },
    })),
  ];
  return (
    <Flex wrap gap={6} align="center" style={{ marginBottom: 12 }} data-testid="active-filters">
      {chips.map((chip) => (
        <Button
          key={chip.key}
          size="small"
          shape="round"
          icon={<CloseOutlined aria-hidden />}
          iconPlacement="end"
          aria-label={t('families.list.removeFilter', { name: chip.text })}
          title={chip.text}
          onClick={() => onChange(chip.patch)}
          style={{ maxWidth: 240 }}
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{chip.text}</span>
        </Button>
      ))}
      <Button size="small" type="link" onClick={onClear} data-testid="families-clear-filters">
        {t('families.list.clearAll')}
      </Button>
    </Flex>
  );
}
