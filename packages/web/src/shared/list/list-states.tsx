import { Alert, Button, Empty, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../ui/error-state.tsx';

/** What a list says when it has no rows, and the one step it offers when nothing is filtered. */
export type TListEmpty = {
  text: string;
  filteredText: string;
  create?: { label: string; onClick: () => void; icon?: ReactNode };
};

/** The part of a list's status (TListStatus) its states read. */
type TStatesStatus = { loading: boolean; error: unknown; retry: () => void };

/** A list's first load: a spinner that says what it waits for. */
export function ListLoading() {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={8} style={{ padding: 32 }} role="status" data-testid="list-loading">
      <Spin />
      <Typography.Text type="secondary">{t('list.loading')}</Typography.Text>
    </Flex>
  );
}

/** No rows: says whether the filters hide them and offers to clear them, or to create the first. */
export function ListEmpty({
  filtered,
  empty,
  onClear,
}: {
  filtered: boolean;
  empty: TListEmpty;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered ? empty.filteredText : empty.text}
      data-testid="list-empty"
    >
      {filtered ? (
        <Button onClick={onClear}>{t('list.clearFilters')}</Button>
      ) : empty.create ? (
        <Button type="primary" icon={empty.create.icon} onClick={empty.create.onClick}>
          {empty.create.label}
        </Button>
      ) : null}
    </Empty>
  );
}

/** Rows are shown but the last refresh failed: says they may be old and offers to load again. */
export function StaleRowsAlert({ status }: { status: TStatesStatus }) {
  const { t } = useTranslation();
  if (!status.error) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('list.refreshFailed')}
      action={
        <Button size="small" onClick={status.retry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/**
 * A list shown other than as the data table (cards, a gallery) with the table's states: the error
 * when nothing could be loaded, the first load, no rows, and over the rows a warning when a refresh
 * failed. `children` are the rows, rendered only when there are some.
 */
export function ListStates(props: {
  status: TStatesStatus;
  count: number;
  filtered: boolean;
  empty: TListEmpty;
  onClear: () => void;
  children: ReactNode;
}) {
  const { status, count } = props;
  if (status.error && count === 0 && !status.loading) {
    return <ErrorState error={status.error} onRetry={status.retry} />;
  }
  if (count === 0) {
    return status.loading ? (
      <ListLoading />
    ) : (
      <ListEmpty filtered={props.filtered} empty={props.empty} onClear={props.onClear} />
    );
  }
  return (
    <>
      <StaleRowsAlert status={status} />
      {props.children}
    </>
  );
}
