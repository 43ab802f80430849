import {
  APPROVAL_FAMILY_FIELDS,
  type TApprovalFamilyField,
  type TApprovalRequest,
  type TRevitFamily,
} from '@portal/contract';
import { theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The request beside its published original, one row per field, the changed rows marked in words
 * and colour. A new request shows the proposed column only.
 */
export function ApprovalCompare({ request }: { request: TApprovalRequest }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { original, record } = request;
  const changed = new Set<TApprovalFamilyField>(request.changedFields);
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
          {APPROVAL_FAMILY_FIELDS.map((field) => {
            const isChanged = changed.has(field);
            return (
              <tr
                key={field}
                data-testid={`compare-${field}`}
                data-changed={isChanged || undefined}
                style={isChanged ? { background: token.colorWarningBg } : undefined}
              >
                <th scope="row" style={{ ...cell, textAlign: 'start', fontWeight: 500 }}>
                  {t(`approvals.fields.${field}`)}
                  {isChanged ? (
                    <div>
                      <Typography.Text strong style={{ color: token.colorWarningText, fontSize: 12 }}>
                        {t('approvals.changed')}
                      </Typography.Text>
                    </div>
                  ) : null}
                </th>
                {original ? <td style={cell}>{valueOf(original, field, t)}</td> : null}
                <td style={cell}>{valueOf(record, field, t)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type TTranslate = (key: string, values?: Record<string, unknown>) => string;

function valueOf(family: TRevitFamily, field: TApprovalFamilyField, t: TTranslate): ReactNode {
  const empty = <Typography.Text type="secondary">{t('approvals.emptyValue')}</Typography.Text>;
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
  const value = family[field];
  if (value === null || value === undefined || value === '') return empty;
  // A hash is long and unbroken: let it wrap anywhere.
  return <span style={{ overflowWrap: 'anywhere' }}>{String(value)}</span>;
}
