import { Button, Card, Flex, Skeleton, theme, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useNumberFormat } from '../../../shared/i18n/number-format.ts';

/** The part of a TanStack query a card reads. */
export type THomeQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** A link at the foot of a card. */
export type THomeLink = { to: string; label: string; testId?: string };

export type THomeCardProps = {
  title: string;
  icon: ReactNode;
  testId: string;
  query: THomeQuery;
  /** The number the card is about (e.g. requests waiting), shown large in the user's locale under `countLabel`. */
  count?: number;
  countLabel?: string;
  /** True when there is nothing to list: `emptyText` says so in words. */
  empty: boolean;
  emptyText: string;
  links?: readonly THomeLink[];
  /** Beside the title, e.g. an action button. */
  extra?: ReactNode;
  children?: ReactNode;
};

/**
 * One card of the home page, its own section with an h2: a skeleton while it loads, what failed
 * with a retry, the count and the list it holds, or in words that there is nothing; its links below.
 */
export function HomeCard(props: THomeCardProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { number: formatNumber } = useNumberFormat();
  const titleId = useId();
  const { query } = props;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div aria-busy="true" data-testid="home-card-loading">
        <span className="sr-only">{t('list.loading')}</span>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (query.isError) {
    body = (
      <Flex vertical align="flex-start" gap={8} role="alert" data-testid="home-card-error">
        <Typography.Text type="danger">{t('home.loadFailed')}</Typography.Text>
        {isApiError(query.error) && query.error.message ? (
          <Typography.Text type="secondary">{query.error.displayMessage}</Typography.Text>
        ) : null}
        <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
      </Flex>
    );
  } else {
    body = (
      <Flex vertical gap={12}>
        {props.count === undefined ? null : (
          <Flex vertical>
            {props.countLabel ? <Typography.Text type="secondary">{props.countLabel}</Typography.Text> : null}
            <span
              style={{ fontSize: 30, fontWeight: 600, lineHeight: 1.2, color: token.colorTextHeading }}
              data-testid="home-count"
            >
              {formatNumber(props.count)}
            </span>
          </Flex>
        )}
        {props.empty ? (
          <Typography.Text type="secondary" data-testid="home-card-empty">
            {props.emptyText}
          </Typography.Text>
        ) : (
          props.children
        )}
      </Flex>
    );
  }

  return (
    <section aria-labelledby={titleId} data-testid={props.testId} style={{ minWidth: 0 }}>
      <Card
        title={
          <Flex align="center" gap={8}>
            <span aria-hidden style={{ color: token.colorPrimary }}>
              {props.icon}
            </span>
            <h2 id={titleId} style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 600 }}>
              {props.title}
            </h2>
          </Flex>
        }
        extra={props.extra}
        style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
        styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column', gap: 12 } }}
      >
        <div style={{ flex: 1 }}>{body}</div>
        {props.links?.length ? (
          <Flex
            wrap
            gap={16}
            style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, paddingTop: 12 }}
          >
            {props.links.map((link) => (
              <Link key={link.to} to={link.to} data-testid={link.testId}>
                {link.label}
              </Link>
            ))}
          </Flex>
        ) : null}
      </Card>
    </section>
  );
}

/** A short list inside a card: one row per item, its main line a link and a secondary line. */
export function HomeItemList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
      {children}
    </ul>
  );
}

/** One row of a HomeItemList. */
export function HomeItem({
  to,
  title,
  meta,
  extra,
}: {
  to: string;
  title: string;
  meta?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <li data-testid="home-item" style={{ minWidth: 0 }}>
      <Flex justify="space-between" align="center" gap={8}>
        <Flex vertical style={{ minWidth: 0 }}>
          <Link to={to} style={{ overflowWrap: 'anywhere', minHeight: 24, display: 'inline-block' }}>
            {title}
          </Link>
          {meta ? (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {meta}
            </Typography.Text>
          ) : null}
        </Flex>
        {extra}
      </Flex>
    </li>
  );
}
