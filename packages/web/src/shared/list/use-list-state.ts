import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { TFilterSpecs, TListDefinition, TListPatch, TListQuery, TListState } from './list-state.ts';

/** What a list screen holds: its URL state, the find query for it, and the selected rows. */
export type TListController<TField extends string, F extends TFilterSpecs, T = unknown> = {
  definition: TListDefinition<TField, F>;
  state: TListState<TField, F>;
  query: TListQuery<TField, F>;
  filtered: boolean;
  /**
   * Changes the URL state and clears the selection; the history entry is replaced, or (with
   * `history: 'push'`) a new one is pushed unless `replace` is given or nothing changed.
   */
  update: (patch: TListPatch<TField, F>, options?: { replace?: boolean }) => void;
  /** Drops the search and every filter. */
  clearFilters: () => void;
  selected: T[];
  setSelected: (rows: T[]) => void;
  /** After rows were removed: when that emptied the page shown, go to the one before it. */
  pageBackIfEmptied: (removed: number, shownBefore: number) => void;
};

export type TListHistory = {
  /**
   * 'replace' (the default): the browser's Back leaves the screen. 'push': every change is a
   * history entry, so Back undoes the last filter, sort or page.
   */
  history?: 'push' | 'replace';
};

/** Binds a list definition to the URL query of the current route. */
export function useListState<TField extends string, F extends TFilterSpecs, T = unknown>(
  definition: TListDefinition<TField, F>,
  { history = 'replace' }: TListHistory = {},
): TListController<TField, F, T> {
  const [params, setParams] = useSearchParams();
  const [selected, setSelected] = useState<T[]>([]);
  const state = useMemo(() => definition.parse(params), [definition, params]);
  const query = useMemo(() => definition.toQuery(state), [definition, state]);

  // The URL state last asked for, and the rendered one it was asked from: two changes made before
  // the router renders again (two filters within a few milliseconds) build on each other instead
  // of the second dropping the first.
  const asked = useRef<{ from: URLSearchParams; next: URLSearchParams } | null>(null);

  const go = useCallback(
    (change: (state: TListState<TField, F>) => TListState<TField, F>, replace: boolean) => {
      const current = asked.current?.from === params ? asked.current.next : params;
      const next = definition.serialize(change(definition.parse(current)));
      // A change to the same place (Enter on the same search) adds no entry to go Back through.
      if (!replace && next.toString() === definition.serialize(definition.parse(current)).toString()) return;
      asked.current = { from: params, next };
      setParams(next, { replace });
      setSelected([]);
    },
    [definition, params, setParams],
  );

  const update = useCallback(
    (patch: TListPatch<TField, F>, options: { replace?: boolean } = {}) =>
      go((current) => definition.apply(current, patch), options.replace ?? history === 'replace'),
    [definition, go, history],
  );

  const clearFilters = useCallback(
    () => go((current) => definition.cleared(current), history === 'replace'),
    [definition, go, history],
  );

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
