import { Flex } from 'antd';
import type { ReactNode } from 'react';
import type { TListStatus } from './data-table.tsx';
import { ActiveFilter } from './filter-select.tsx';
import { RefreshButton } from './refresh-button.tsx';
import { SearchBox } from './search-box.tsx';

/** The part of a list controller (useListState) the search box reads and changes. */
type TSearchList = { state: { search: string }; update: (patch: { search: string }) => void };

/** A list controller whose list has the `active` filter. */
type TActiveList = TSearchList & {
  state: { filters: { active: boolean | null } };
  update: (patch: { filters: { active: boolean | null } }) => void;
};

type TActiveTexts = { activeText: string; inactiveText: string };

export type TListToolbarProps = {
  status: TListStatus;
  /** A search box over the list: its accessible name, placeholder and test id. */
  search?: { label: string; placeholder: string; testId: string };
  /** The screen's other filters, between the search and the refresh button. */
  children?: ReactNode;
  /** Space below the toolbar (12 where a bar or a notice follows it). */
  marginBottom?: number;
} & (
  | { list: TSearchList; activeFilter?: undefined }
  | {
      list: TActiveList;
      /**
       * The all / active / inactive filter; its two words come from the screen, as they agree
       * with its records in some languages.
       */
      activeFilter: TActiveTexts;
    }
);

/** The row above a list: search, filters and the refresh button, wrapping on narrow windows. */
export function ListToolbar(props: TListToolbarProps) {
  const { list, status, search, children, marginBottom = 16 } = props;
  return (
    <Flex wrap gap={8} style={{ marginBottom }} align="center">
      {search ? (
        <SearchBox
          value={list.state.search}
          onSearch={(text) => list.update({ search: text })}
          label={search.label}
          placeholder={search.placeholder}
          testId={search.testId}
        />
      ) : null}
      {props.activeFilter ? (
        <ActiveFilter
          value={props.list.state.filters.active}
          onChange={(active) => props.list.update({ filters: { active } })}
          activeText={props.activeFilter.activeText}
          inactiveText={props.activeFilter.inactiveText}
        />
      ) : null}
      {children}
      <RefreshButton status={status} />
    </Flex>
  );
}
