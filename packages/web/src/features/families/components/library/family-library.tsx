import {
  AppstoreOutlined,
  FilterOutlined,
  PlusOutlined,
  TableOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { FAMILY_SORT_FIELDS, type TRevitFamily } from '@portal/contract';
import { Badge, Button, Drawer, Flex, Segmented, Select, theme } from 'antd';
import {
  type CSSProperties,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../../shared/auth/session-store.ts';
import { useSession } from '../../../../shared/auth/use-session.ts';
import { DataTable, queryStatus } from '../../../../shared/list/data-table.tsx';
import { ListStates, type TListEmpty } from '../../../../shared/list/list-states.tsx';
import { RefreshButton } from '../../../../shared/list/refresh-button.tsx';
import { SearchBox } from '../../../../shared/list/search-box.tsx';
import { useListState } from '../../../../shared/list/use-list-state.ts';
import { PageHeader } from '../../../../shared/ui/page-header.tsx';
import { useFamilyPages, useFindFamilies } from '../../api/find-families.ts';
import { ActiveFilters } from './active-filters.tsx';
import { useFamilyColumns } from './family-columns.tsx';
import { FamilyFacetPanel } from './family-facets.tsx';
import { FamilyGallery } from './family-gallery.tsx';
import {
  familyFindRequest,
  familyLibrary,
  historyStep,
  minRatingOf,
  scopeOf,
  sessionAtUrl,
  tagsOf,
  type TFamilyFilters,
  type TFamilyListPatch,
  type TFamilyListState,
  type TFamilyScope,
  type TFamilySortField,
  type TFamilyView,
  type TLibraryChange,
  type TSearchSession,
  viewOf,
} from './family-library-state.ts';
import { useScreens } from '../../../../shared/theme/use-min-width.ts';

const FACETS_WIDTH = 248;

/** The phone's filters drawer: 320 px, narrower on a window that would leave no page beside it. */
const DRAWER_SIZE = 'min(320px, calc(100vw - 40px))';

const FOOTER_BUTTON: CSSProperties = {
  flex: '1 1 auto',
  maxWidth: '100%',
  height: 'auto',
  minHeight: 32,
  whiteSpace: 'normal',
};

const SCOPE_LABELS: Record<TFamilyScope, string> = {
  all: 'families.list.scopeAll',
  company: 'families.list.scopeCompany',
  mine: 'families.list.scopeMine',
};

/** The empty text of each tab when nothing is searched or filtered. */
const SCOPE_EMPTY: Record<TFamilyScope, string> = {
  all: 'families.list.empty',
  company: 'families.list.emptyCompany',
  mine: 'families.list.emptyMine',
};

// The facets, the chips of the chosen filters and the tabs draw again only when what they show
// changes, not on each page of the table (issue 27): their props are kept equal across pages.
const FacetPanel = memo(FamilyFacetPanel);
const FilterChips = memo(ActiveFilters);

/** `value` as it was while its JSON stays the same: new answers with equal content keep one object. */
function useSameContent<T>(value: T): T {
  const key = JSON.stringify(value ?? null);
  return useMemo(() => (JSON.parse(key) ?? undefined) as T, [key]);
}

/** The tabs of the library (all, my company's, my requests), each with its count when known. */
const ScopeSwitch = memo(function ScopeSwitch({
  scopes,
  scope,
  counts,
  vertical,
  onChange,
}: {
  scopes: readonly TFamilyScope[];
  scope: TFamilyScope;
  counts: Partial<Record<TFamilyScope, number>>;
  vertical: boolean;
  onChange: (scope: TFamilyScope) => void;
}) {
  const { t } = useTranslation();
  return (
    <Segmented<TFamilyScope>
      aria-label={t('families.list.scopeLabel')}
      data-testid="families-scope"
      // Three tabs with their counts do not fit beside each other on a phone.
      vertical={vertical}
      style={{ marginBottom: 12 }}
      value={scope}
      onChange={onChange}
      options={scopes.map((value) => {
        const count = counts[value];
        return {
          value,
          label: (
            <span data-testid={`families-scope-${value}`} data-count={count}>
              {count === undefined
                ? t(SCOPE_LABELS[value])
                : t('families.list.scopeCount', { name: t(SCOPE_LABELS[value]), count })}
            </span>
          ),
        };
      })}
    />
  );
});

const VIEWS = [
  { value: 'gallery', label: 'families.list.viewGallery', icon: <AppstoreOutlined aria-hidden /> },
  { value: 'table', label: 'families.list.viewTable', icon: <TableOutlined aria-hidden /> },
] as const satisfies readonly { value: TFamilyView; label: string; icon: ReactNode }[];

/** Chosen facet values (the search not counted): the number on the phone's "Filters" button. */
function facetCount(state: TFamilyListState): number {
  const { categoryIds, revitVersions, companyIds } = state.filters;
  return (
    categoryIds.length +
    revitVersions.length +
    companyIds.length +
    tagsOf(state).length +
    (minRatingOf(state) === null ? 0 : 1)
  );
}

function SortSelect({
  value,
  onChange,
}: {
  value: TFamilyListState['sort'];
  onChange: (sort: TFamilyListState['sort']) => void;
}) {
  const { t } = useTranslation();
  const labels: Record<TFamilySortField, string> = {
    revitFamilyName: t('families.fields.name'),
    revitVersion: t('families.fields.revitVersion'),
    revitFamilyRating: t('families.fields.rating'),
    cost: t('families.fields.cost'),
    categoryName: t('families.fields.category'),
    companyName: t('families.fields.company'),
    downloads: t('families.fields.downloads'),
    createdOn: t('families.fields.createdOn'),
    lastUpdate: t('families.fields.lastUpdate'),
  };
  return (
    <Select<string>
      aria-label={t('list.sortBy')}
      data-testid="families-sort"
      value={value ? `${value.field}:${value.dir}` : ''}
      popupMatchSelectWidth={false}
      style={{ minWidth: 170 }}
      onChange={(next) => {
        const [field, dir] = next.split(':');
        const known = FAMILY_SORT_FIELDS.find((f) => f === field);
        onChange(known ? { field: known, dir: dir === 'desc' ? 'desc' : 'asc' } : null);
      }}
      options={[
        { value: '', label: t('list.sortDefault') },
        ...FAMILY_SORT_FIELDS.flatMap((field) => [
          { value: `${field}:asc`, label: `${labels[field]} ↑` },
          { value: `${field}:desc`, label: `${labels[field]} ↓` },
        ]),
      ]}
    />
  );
}

/**
 * The number of families each tab would show with the same search and filters: the shown tab's
 * from its own find, the others' from the same find asking for one row.
 */
function useScopeCounts(
  state: TFamilyListState,
  scopes: readonly TFamilyScope[],
  companyId: number | null,
  shownTotal: number | null,
): Partial<Record<TFamilyScope, number>> {
  const shown = scopeOf(state);
  const countOf = (scope: TFamilyScope) => ({
    ...familyFindRequest(state, { companyId }, scope),
    page: 1,
    pageSize: 1,
  });
  const enabled = (scope: TFamilyScope) => scopes.length > 1 && scopes.includes(scope) && scope !== shown;
  const all = useFindFamilies(countOf('all'), enabled('all'));
  const company = useFindFamilies(countOf('company'), enabled('company'));
  const mine = useFindFamilies(countOf('mine'), enabled('mine'));
  const answers = { all, company, mine };
  return Object.fromEntries(
    scopes.flatMap((scope) => {
      const count = scope === shown ? shownTotal : (answers[scope].data?.totalCount ?? null);
      return count === null ? [] : [[scope, count]];
    }),
  );
}

/**
 * #/families: the content library. A gallery of cards that loads pages as it scrolls and renders
 * only the rows in sight, or a paged table; search as you type, facets with counts, and every
 * choice (tab, view, search, facets, sort, page) in the URL, each one a step the browser's Back
 * undoes. People who add families get tabs for their company's families and their own requests,
 * each with its count.
 */
export function FamilyLibrary() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const session = useSession();
  const navigate = useNavigate();
  const screens = useScreens();
  const wide = screens.lg === true;
  const list = useListState<TFamilySortField, TFamilyFilters, TRevitFamily>(familyLibrary, {
    history: 'push',
  });
  const { state } = list;
  const view = viewOf(state);
  const scope = scopeOf(state);
  const mayCreate = can(session, 'contentmanagement.create');
  const companyId = session.claims?.companyId ?? null;
  // Admins review requests on the approvals screen; partners and their users follow their own here.
  const isAdmin = can(session, 'adminmanagement.read');
  const scopes = useMemo<TFamilyScope[]>(
    () =>
      mayCreate
        ? ['all', ...(companyId === null ? [] : ['company' as const]), ...(isAdmin ? [] : ['mine' as const])]
        : ['all'],
    [mayCreate, companyId, isAdmin],
  );
  const [drawerOpen, setDrawerOpen] = useState(false);

  // A typed search is one step back, however many pauses it took (see historyStep).
  const searchSession = useRef<TSearchSession>(null);
  useEffect(() => {
    searchSession.current = sessionAtUrl(searchSession.current, state.search);
  }, [state.search]);
  const change = useCallback(
    (patch: TFamilyListPatch, how: TLibraryChange = 'choice') => {
      const step = historyStep(searchSession.current, patch.search ?? state.search, how);
      searchSession.current = step.session;
      list.update(patch, { replace: step.replace });
    },
    [list, state.search],
  );
  const { clearFilters: clearListFilters } = list;
  const clearFilters = useCallback(() => {
    searchSession.current = null;
    clearListFilters();
  }, [clearListFilters]);
  // The facets, chips and tabs get handlers that stay the same object while `change` follows the
  // URL, so a page change does not draw them again.
  const latestChange = useRef(change);
  latestChange.current = change;
  const filterChange = useCallback(
    (patch: TFamilyListPatch, how?: TLibraryChange) => latestChange.current(patch, how),
    [],
  );
  const scopeChange = useCallback(
    (value: TFamilyScope) => latestChange.current({ filters: { scope: value === 'all' ? '' : value } }),
    [],
  );
  // What the facets and chips read of the state (search and filters), the same object across pages.
  const filterState = useSameContent<TFamilyListState>({ ...state, page: 1 });
  const tableList = { ...list, update: (patch: TFamilyListPatch) => change(patch), clearFilters };

  const request = useMemo(() => familyFindRequest(state, { companyId }), [state, companyId]);
  const gallery = useFamilyPages(request, view === 'gallery');
  const table = useFindFamilies(
    { ...request, page: state.page, pageSize: state.pageSize, includeFacets: true },
    view === 'table',
  );
  const status = queryStatus(view === 'gallery' ? gallery : table);
  const columns = useFamilyColumns({ withStatus: scope !== 'all' });

  const cards = useMemo(() => {
    // A family saved between two page loads shifts the pages by one: show each family once.
    const seen = new Map<number, TRevitFamily>();
    for (const page of gallery.data?.pages ?? []) {
      for (const family of page.revitFamilyInfos) seen.set(family.revitFamilyId, family);
    }
    return [...seen.values()];
  }, [gallery.data]);
  const firstPage = gallery.data?.pages[0];
  const total = (view === 'gallery' ? firstPage?.totalCount : table.data?.totalCount) ?? null;
  const facets = useSameContent(view === 'gallery' ? firstPage?.facets : table.data?.facets);
  const counts = useSameContent(useScopeCounts(state, scopes, companyId, total));

  const { fetchNextPage } = gallery;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  // A new search or filter shows a new list: bring its start into view.
  const resultsRef = useRef<HTMLDivElement>(null);
  const requestKey = JSON.stringify(request);
  const previousKey = useRef(requestKey);
  useEffect(() => {
    if (previousKey.current === requestKey) return;
    previousKey.current = requestKey;
    const top = resultsRef.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) window.scrollBy({ top: top - 72 });
  }, [requestKey]);

  const createFamily = () => void navigate('/families/new');
  // Someone whose families all wait for approval finds them under the other tabs, not "No families yet".
  const elsewhere = scope === 'all' && scopes.some((other) => other !== 'all' && (counts[other] ?? 0) > 0);
  const emptyText = elsewhere ? t('families.list.emptyPublished') : t(SCOPE_EMPTY[scope]);
  const chosen = facetCount(state);
  const facetPanel = (
    <FacetPanel facets={facets} state={filterState} filtered={list.filtered} onChange={filterChange} />
  );

  const empty: TListEmpty = {
    text: emptyText,
    filteredText: t('families.list.emptyFiltered'),
    create:
      mayCreate && scope !== 'mine'
        ? { label: t('families.list.create'), icon: <PlusOutlined />, onClick: createFamily }
        : undefined,
  };
  const galleryBody = () => (
    <ListStates
      status={status}
      count={cards.length}
      filtered={list.filtered}
      empty={empty}
      onClear={clearFilters}
    >
      <div
        aria-busy={status.refreshing}
        style={{ opacity: status.refreshing ? 0.55 : 1, transition: 'opacity .2s' }}
      >
        <FamilyGallery
          families={cards}
          total={total ?? cards.length}
          hasMore={gallery.hasNextPage && !gallery.isPlaceholderData}
          loadingMore={gallery.isFetchingNextPage}
          onLoadMore={loadMore}
          label={t('menu.families')}
        />
      </div>
    </ListStates>
  );

  return (
    <>
      <PageHeader
        title={t('menu.families')}
        // A blank line until the count comes, so nothing below the title moves when it does.
        subtitle={total === null ? '\u00a0' : t('families.list.total', { count: total })}
        extra={
          mayCreate ? (
            <>
              <Button
                icon={<UploadOutlined />}
                data-testid="family-bulk"
                onClick={() => void navigate('/families/bulk')}
              >
                {t('families.bulk.open')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                data-testid="family-create"
                onClick={createFamily}
              >
                {t('families.list.create')}
              </Button>
            </>
          ) : null
        }
      />
      {scopes.length > 1 ? (
        <ScopeSwitch
          scopes={scopes}
          scope={scope}
          counts={counts}
          vertical={!screens.md}
          onChange={scopeChange}
        />
      ) : null}
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <SearchBox
          value={state.search}
          onSearch={(search, how) => change({ search }, how)}
          onCommit={() => {
            searchSession.current = null;
          }}
          label={t('families.list.search')}
          placeholder={t('families.list.searchPlaceholder')}
          testId="families-search"
        />
        {wide ? null : (
          <Badge count={chosen} size="small" color={token.colorPrimary}>
            <Button
              icon={<FilterOutlined />}
              onClick={() => setDrawerOpen(true)}
              aria-expanded={drawerOpen}
              data-testid="families-filters-open"
            >
              {t('families.list.filters')}
            </Button>
          </Badge>
        )}
        {view === 'gallery' ? <SortSelect value={state.sort} onChange={(sort) => change({ sort })} /> : null}
        <Segmented<TFamilyView>
          aria-label={t('families.list.viewLabel')}
          data-testid="families-view"
          value={view}
          onChange={(value) => change({ filters: { view: value === 'table' ? 'table' : '' } })}
          // On a phone the icons alone fit one row; the names stay for screen readers and as tooltips.
          options={VIEWS.map(({ value, label, icon }) => ({
            value,
            icon,
            title: t(label),
            label: wide ? t(label) : <span className="sr-only">{t(label)}</span>,
          }))}
        />
        <RefreshButton status={status} />
      </Flex>
      <FilterChips
        state={filterState}
        facets={facets}
        filtered={list.filtered}
        onChange={filterChange}
        onClear={clearFilters}
      />
      <Flex gap={24} align="flex-start">
        {wide ? (
          <aside
            aria-label={t('families.facets.label')}
            style={{
              width: FACETS_WIDTH,
              flex: 'none',
              position: 'sticky',
              top: 72,
              maxHeight: 'calc(100vh - 88px)',
              overflowY: 'auto',
              paddingInlineEnd: 8,
            }}
          >
            {facetPanel}
          </aside>
        ) : null}
        <div
          ref={resultsRef}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="families-results"
          data-view={view}
        >
          {view === 'gallery' ? (
            galleryBody()
          ) : (
            <DataTable
              list={tableList}
              caption={t('menu.families')}
              testId="family-table"
              rowKey={(f) => f.revitFamilyId}
              rowLabel={(f) => f.revitFamilyName}
              columns={columns}
              rows={table.data?.revitFamilyInfos ?? []}
              total={table.data?.totalCount ?? 0}
              status={status}
              empty={empty}
            />
          )}
        </div>
      </Flex>
      {wide ? null : (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={t('families.list.filters')}
          size={DRAWER_SIZE}
          data-testid="families-filters-drawer"
          footer={
            // Side by side when both fit, else each on its own full-width line; a label longer
            // than the drawer wraps inside its button rather than sticking out of it.
            <Flex wrap gap={8}>
              <Button onClick={clearFilters} disabled={!list.filtered} style={FOOTER_BUTTON}>
                {t('families.list.clearAll')}
              </Button>
              <Button
                type="primary"
                onClick={() => setDrawerOpen(false)}
                data-testid="families-filters-done"
                style={FOOTER_BUTTON}
              >
                {total === null
                  ? t('families.list.showResults')
                  : t('families.list.showCount', { count: total })}
              </Button>
            </Flex>
          }
        >
          {facetPanel}
        </Drawer>
      )}
    </>
  );
}
