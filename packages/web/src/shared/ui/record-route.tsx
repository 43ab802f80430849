import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Result, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ErrorState } from './error-state.tsx';

/** The id in a route's `:id`, or null for anything that is not a record id. */
export function recordIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export type TRecordRouteProps<T> = {
  /** The query of one record by id (disabled for null: a new record). */
  useRecord: (id: number | null) => UseQueryResult<T | null | undefined>;
  notFound: { title: string; backTo: string; backLabel: string };
  /** Said under the spinner while a large record loads. */
  loadingText?: string;
  /** The editor, keyed by the id so a saved new record starts afresh. */
  children: (record: T | null, id: number | null) => ReactNode;
};

/**
 * `#/<area>/new` and `#/<area>/:id` of an editor: a malformed or unknown id is a "not found" with
 * a way back, loading and errors have their states, and the editor gets the record or null.
 */
export function RecordRoute<T>({ useRecord, notFound, loadingText, children }: TRecordRouteProps<T>) {
  const { t } = useTranslation();
  const { id } = useParams();
  const recordId = id === undefined ? null : recordIdOf(id);
  const found = useRecord(recordId);
  const missing = (
    <Result
      status="404"
      title={notFound.title}
      extra={
        <Link to={notFound.backTo}>
          <Button type="primary">{notFound.backLabel}</Button>
        </Link>
      }
    />
  );
  if (id !== undefined && recordId === null) return missing;
  if (recordId !== null) {
    if (found.isLoading)
      return (
        <Flex vertical align="center" gap={8} style={{ padding: 48 }} role="status">
          <Spin aria-label={t('list.loading')} />
          {loadingText ? <Typography.Text type="secondary">{loadingText}</Typography.Text> : null}
        </Flex>
      );
    if (found.isError) return <ErrorState error={found.error} onRetry={() => void found.refetch()} />;
    if (!found.data) return missing;
  }
  return children(found.data ?? null, recordId);
}
