import type { TActivityInfo } from '@portal/contract';
import { Descriptions, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from './activity-fields.ts';
import { formatActivityValue, isEmptyValue, NO_VALUE, valuesDiffer } from './activity-values.ts';

/** Long values (descriptions, JSON) wrap anywhere rather than widen the table past a phone's width. */
const WRAP: CSSProperties = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', verticalAlign: 'top' };

function useYesNo() {
  const { t } = useTranslation();
  return { yes: t('activity.yes'), no: t('activity.no') };
}

/**
 * A change as a difference: one line per field, named in words (the record type's own label where
 * it has one), with its value before and after, the changed values highlighted (before struck
 * through, after marked as inserted), nothing shown as a dash.
 */
export function ChangeTable({
  changes,
  caption,
  recordType,
  testId = 'activity-changes',
}: {
  changes: NonNullable<TActivityInfo['changes']>;
  caption: string;
  /** The changed record's type, for its own field labels; without it the shared ones. */
  recordType?: string | null | undefined;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const yesNo = useYesNo();
  // Sorted by label in the reader's language, so two changes of one record read alike.
  const fields = Object.keys(changes)
    .map((field) => ({ field, label: fieldLabel(t, recordType, field) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language) || a.field.localeCompare(b.field));
  const cell: CSSProperties = {
    ...WRAP,
    padding: '6px 8px',
    borderBottom: `1px solid ${token.colorSplit}`,
    textAlign: 'start',
  };
  const value = (raw: unknown, changed: boolean, tone: 'old' | 'new') => {
    const text = formatActivityValue(raw, yesNo);
    if (isEmptyValue(raw)) return <Typography.Text type="secondary">{NO_VALUE}</Typography.Text>;
    if (!changed) return text;
    const style: CSSProperties = {
      background: tone === 'old' ? token.colorErrorBg : token.colorSuccessBg,
      color: token.colorText,
      borderRadius: 2,
      padding: '0 2px',
      textDecoration: tone === 'old' ? 'line-through' : 'none',
    };
    return tone === 'old' ? <del style={style}>{text}</del> : <ins style={style}>{text}</ins>;
  };
  return (
    <table
      data-testid={testId}
      style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', fontSize: token.fontSize }}
    >
      <caption className="sr-only">{caption}</caption>
      <colgroup>
        <col style={{ width: '28%' }} />
        <col style={{ width: '36%' }} />
        <col style={{ width: '36%' }} />
      </colgroup>
      <thead>
        <tr style={{ background: token.colorFillQuaternary }}>
          <th scope="col" style={cell}>
            {t('activity.field')}
          </th>
          <th scope="col" style={cell}>
            {t('activity.before')}
          </th>
          <th scope="col" style={cell}>
            {t('activity.after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map(({ field, label }) => {
          const change = changes[field];
          const changed = valuesDiffer(change?.old, change?.new);
          return (
            <tr key={field} data-testid="activity-change" data-field={field} data-changed={changed}>
              <th scope="row" style={{ ...cell, fontWeight: 'normal' }}>
                {label}
              </th>
              <td style={cell} data-testid="activity-before">
                {value(change?.old, changed, 'old')}
              </td>
              <td style={cell} data-testid="activity-after">
                {value(change?.new, changed, 'new')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** What else an event carries (an import's counts, an approval's action), as key: value pairs. */
export function DetailList({ detail }: { detail: NonNullable<TActivityInfo['detail']> }) {
  const { token } = theme.useToken();
  const yesNo = useYesNo();
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="activity-detail"
      items={Object.entries(detail).map(([key, raw]) => ({
        key,
        label: <span style={{ fontFamily: token.fontFamilyCode }}>{key}</span>,
        children: <span style={WRAP}>{formatActivityValue(raw, yesNo)}</span>,
      }))}
    />
  );
}
