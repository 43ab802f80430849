import { APPROVAL_FIELDS, type TApprovalRequest, type TRevitFamily } from '@portal/contract';
import { theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '../../../shared/i18n/number-format.ts';

/**
 * The request beside its published original, one row per field of its kind of record, the changed
 * rows marked in words and colour. A new request shows the proposed column only.
 */
export function ApprovalCompare({ request }: { request: TApprovalRequest }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const format = useNumberFormat();
  const { original, record } = request;
  const fields: readonly string[] = APPROVAL_FIELDS[request.recordKind];
  const changed = new Set<string>(request.changedFields);
  const show = (shown: object, field: string) =>
    request.recordKind === 'family'
      ? familyValue(shown as TRevitFamily, field, t)
      : plainValue((shown as Record<string, unknown>)[field], t, format.number);
  const cell = {
    padding: '6px 8px',
    verticalAlign: 'top',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  };
  return (
    <div style={{ overflowX: 'auto' }}>
      <table
        data-testid="approval-compare"
        style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}
      >
        <caption className="sr-only">{t('approvals.detailTitle', { name: request.name })}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...cell, textAlign: 'start', width: '26%' }}>
              {t('approvals.field')}
            </th>
            {original ? (
              <th scope="col" style={{ ...cell, textAlign: 'start' }}>
                {t('approvals.published')}
              </th>
            ) : null}
            <th scope="col" style={{ ...cell, textAlign: 'start' }}>
              {t('approvals.proposed')}
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => {
            const isChanged = changed.has(field);
            return (
              <tr
                key={field}
                data-testid={`compare-${field}`}
                data-changed={isChanged || undefined}
                style={isChanged ? { background: token.colorWarningBg } : undefined}
              >
                <th scope="row" style={{ ...cell, textAlign: 'start', fontWeight: 500 }}>
                  {t(`${LABELS[request.recordKind]}.${field}`)}
                  {isChanged ? (
                    <div>
                      {/* The darkest warning text: the plain one is too faint on this background at 12 px. */}
                      <Typography.Text strong style={{ color: token.colorWarningTextActive, fontSize: 12 }}>
                        {t('approvals.changed')}
                      </Typography.Text>
                    </div>
                  ) : null}
                </th>
                {original ? <td style={cell}>{show(original, field)}</td> : null}
                <td style={cell}>{show(record, field)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Where each kind's field names are translated (a scenario's family is not a family's name). */
const LABELS: Record<TApprovalRequest['recordKind'], string> = {
  family: 'approvals.fields',
  scenario: 'approvals.scenarioFields',
  placementRule: 'approvals.ruleFields',
};

type TTranslate = (key: string, values?: Record<string, unknown>) => string;

function Empty({ t }: { t: TTranslate }) {
  return <Typography.Text type="secondary">{t('approvals.emptyValue')}</Typography.Text>;
}

/** A scenario's or rule's value: yes or no, a number in the reader's format, a text, or a dash. */
function plainValue(value: unknown, t: TTranslate, number: (value: number) => string): ReactNode {
  if (value === null || value === undefined || value === '') return <Empty t={t} />;
  if (typeof value === 'boolean') return value ? t('approvals.yes') : t('approvals.no');
  if (typeof value === 'number') return number(value);
  return <span style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{textOf(value)}</span>;
}

/** A family's value: its picture, its types with their parameters, its tags, or the plain value. */
function familyValue(family: TRevitFamily, field: string, t: TTranslate): ReactNode {
  const empty = <Empty t={t} />;
  if (field === 'revitFamilyPictureHash') {
    return family.revitFamilyPictureBase64 ? (
      <img
        src={`data:image/png;base64,${family.revitFamilyPictureBase64}`}
        alt={t('approvals.pictureOf', { name: family.revitFamilyName })}
        style={{ maxWidth: '100%', width: 128, height: 'auto', display: 'block' }}
      />
    ) : (
      empty
    );
  }
  if (field === 'revitFamilyTypes') {
    const types = family.revitFamilyTypes ?? [];
    if (!types.length) return <Typography.Text type="secondary">{t('approvals.noTypes')}</Typography.Text>;
    return (
      <ul style={{ margin: 0, paddingInlineStart: 16 }}>
        {types.map((type) => (
          <li key={type.typeName}>
            <strong>{type.typeName}</strong>
            {type.parameters.length ? (
              <span>
                {': '}
                {type.parameters.map((p) => `${p.name} = ${p.value}${p.unit ? ` ${p.unit}` : ''}`).join('; ')}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  if (field === 'revitFamilyTags')
    return family.revitFamilyTags.length ? family.revitFamilyTags.join(', ') : empty;
  const value = (family as Record<string, unknown>)[field];
  if (value === null || value === undefined || value === '') return empty;
  // A hash is long and unbroken: let it wrap anywhere.
  return <span style={{ overflowWrap: 'anywhere' }}>{textOf(value)}</span>;
}

/** A stored value as text: the compared fields hold texts, numbers and yes or no. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
