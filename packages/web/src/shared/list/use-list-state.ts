import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TFilterSpecs, TListDefinition, TListPatch, TListQuery, TListState } from './list-state.ts';

/** What a list screen holds: its URL state, the find query for it, and the selected rows. */
export type TListController<TField extends string, F extends TFilterSpecs, T = unknown> = {
  definition: TListDefinition<TField, F>;
  state: TListState<TField, F>;
  query: TListQuery<TField, F>;
  filtered: boolean;
  /** Changes the URL state (replacing the history entry) and clears the selection. */
  update: (patch: TListPatch<TField, F>) => void;
  /** Drops the search and every filter. */
  clearFilters: () => void;
  selected: T[];
  setSelected: (rows: T[]) => void;
  /** After rows were removed: when that emptied the page shown, go to the one before it. */
  pageBackIfEmptied: (removed: number, shownBefore: number) => void;
};

/** Binds a list definition to the URL query of the current route. */
export function useListState<TField extends string, F extends TFilterSpecs, T = unknown>(
  definition: TListDefinition<TField, F>,
): TListController<TField, F, T> {
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<T[]>([]);
  const state = useMemo(() => definition.parse(params), [definition, params]);
  const query = useMemo(() => definition.toQuery(state), [definition, state]);

  const update = useCallback(
    (patch: TListPatch<TField, F>) => {
      setParams((current) => definition.serialize(definition.apply(definition.parse(current), patch)), {
        replace: true,
      });
      setSelected([]);
    },
    [definition, setParams],
  );

  const clearFilters = useCallback(() => {
    setParams((current) => definition.serialize(definition.cleared(definition.parse(current))), {
      replace: true,
    });
    setSelected([]);
  }, [definition, setParams]);

  const pageBackIfEmptied = useCallback(
    (removed: number, shownBefore: number) => {
      if (state.page > 1 && removed >= shownBefore) update({ page: state.page - 1 });
    },
    [state.page, update],
  );

  return {
    definition,
    state,
    query,
    filtered: definition.isFiltered(state),
    update,
    clearFilters,
    selected,
    setSelected,
    pageBackIfEmptied,
  };
}
