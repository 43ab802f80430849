import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';

export type TLinkedRecord<T> = {
  /** The id the page's URL names (`#/scenarios/12`), when it names one. */
  id: number | undefined;
  /** That record as the caller may see it, once read; undefined while reading or when not found. */
  record: T | undefined;
  /** Whether it was read and is not there (deleted, or not the caller's to see). */
  missing: boolean;
  /** Back to the list's own URL. */
  close: () => void;
};

/**
 * The record a link names (a decision's notification leads to `#/scenarios/12`): read with
 * `find` under `key`, so the list screen can open it; `param` is the route's id parameter.
 */
export function useLinkedRecord<T>(options: {
  param: string;
  listPath: string;
  key: readonly unknown[];
  find: (id: number) => Promise<T | undefined>;
}): TLinkedRecord<T> {
  const params = useParams();
  const navigate = useNavigate();
  const raw = params[options.param];
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined;
  const query = useQuery({
    queryKey: [...options.key, 'linked', id],
    queryFn: async () => (await options.find(id!)) ?? null,
    enabled: id !== undefined,
  });
  return {
    id,
    record: query.data ?? undefined,
    missing: id !== undefined && query.data === null,
    close: () => void navigate(options.listPath),
  };
}
