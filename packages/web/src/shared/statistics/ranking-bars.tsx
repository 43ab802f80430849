import { theme, Typography } from 'antd';
import type { TRankingRow } from './statistics-csv.ts';

export type TRankingBarsProps = {
  rows: readonly TRankingRow[];
  /** Names the list for screen readers (the chart's title). */
  label: string;
  emptyText: string;
  formatNumber: (value: number) => string;
};

/**
 * A ranking as horizontal bars in plain HTML: each row its name (wrapping, however long), its
 * figure in words and a bar as long as its share of the first; a list screen readers read as is.
 */
export function RankingBars({ rows, label, emptyText, formatNumber }: TRankingBarsProps) {
  const { token } = theme.useToken();
  if (rows.length === 0) {
    return (
      <Typography.Text type="secondary" data-testid="statistics-ranking-empty">
        {emptyText}
      </Typography.Text>
    );
  }
  const largest = Math.max(...rows.map((row) => row.downloads), 1);
  return (
    <ol aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 }}>
      {rows.map((row) => (
        <li key={row.key} data-testid="statistics-ranking-row" style={{ minWidth: 0 }}>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, alignItems: 'baseline' }}>
            <span style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{row.name}</span>
            <span
              style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
              data-testid="statistics-ranking-value"
            >
              {formatNumber(row.downloads)}
            </span>
          </div>
          <div
            aria-hidden
            style={{ height: 8, borderRadius: 4, background: token.colorFillSecondary, marginTop: 4 }}
          >
            <div
              style={{
                width: `${Math.max((row.downloads / largest) * 100, row.downloads > 0 ? 2 : 0)}%`,
                height: '100%',
                borderRadius: 4,
                background: token.colorPrimary,
              }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
