import type { TPermissionAction, TPermissionArea } from '@portal/contract';
import { PERMISSION_ACTIONS, PERMISSION_AREAS } from '@portal/contract';
import { Checkbox, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TMatrix } from './permission-matrix-model.ts';
import { columnState, rowState, setCell, toggleColumn, toggleRow } from './permission-matrix-model.ts';
import { useScreens } from '../../../shared/theme/use-min-width.ts';

export type TPermissionMatrixProps = {
  value: TMatrix;
  onChange?: (value: TMatrix) => void;
  disabled?: boolean;
  /** Forces one layout; by default a phone-wide window gets one block per area. */
  stacked?: boolean;
};

/**
 * Areas by create/read/update/delete, with a toggle for each area and each action. A table on
 * wide windows; on a phone one block per area with its four actions, so every action stays in
 * view whatever the language's word lengths.
 */
export function PermissionMatrix({ value, onChange, disabled = false, stacked }: TPermissionMatrixProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const narrow = useScreens().sm === false;
  const areaLabel = (area: TPermissionArea) => t(`permissions.areas.${area}`);
  const actionLabel = (action: TPermissionAction) => t(`permissions.actions.${action}`);

  /** A checkbox that turns a whole row or column on, or off when it already is. */
  const groupToggle = (
    state: 'all' | 'some' | 'none',
    ariaLabel: string,
    next: () => TMatrix,
    label: ReactNode,
    style?: CSSProperties,
  ) => (
    <Checkbox
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={disabled}
      aria-label={ariaLabel}
      onChange={() => onChange?.(next())}
      style={style}
    >
      {label}
    </Checkbox>
  );
  const areaToggle = (area: TPermissionArea) =>
    groupToggle(
      rowState(value, area),
      t('roles.toggleRow', { area: areaLabel(area) }),
      () => toggleRow(value, area),
      areaLabel(area),
    );
  const actionToggle = (action: TPermissionAction, vertical: boolean) =>
    groupToggle(
      columnState(value, action),
      t('roles.toggleColumn', { action: actionLabel(action) }),
      () => toggleColumn(value, action),
      <span style={{ fontWeight: 600 }}>{actionLabel(action)}</span>,
      vertical ? { flexDirection: 'column', alignItems: 'center', gap: 4 } : undefined,
    );
  const cell = (area: TPermissionArea, action: TPermissionAction, withText: boolean) => (
    <Checkbox
      checked={value[area][action]}
      disabled={disabled}
      aria-label={`${areaLabel(area)}: ${actionLabel(action)}`}
      data-testid={`perm-${area}-${action}`}
      onChange={(event) => onChange?.(setCell(value, area, action, event.target.checked))}
    >
      {withText ? actionLabel(action) : null}
    </Checkbox>
  );

  if (stacked ?? narrow) {
    const block = {
      border: `1px solid ${token.colorBorderSecondary}`,
      borderRadius: token.borderRadiusLG,
      padding: '8px 12px',
      marginBottom: 8,
    };
    const grid = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '6px 12px' };
    return (
      <div role="group" aria-label={t('roles.matrixCaption')} data-testid="permission-matrix">
        <div style={{ ...block, background: token.colorFillQuaternary }}>
          <div style={{ marginBottom: 6, fontWeight: 600 }}>{t('roles.allAreas')}</div>
          <div style={grid}>
            {PERMISSION_ACTIONS.map((action) => (
              <div key={action}>{actionToggle(action, false)}</div>
            ))}
          </div>
        </div>
        {PERMISSION_AREAS.map((area) => (
          <div key={area} role="group" aria-label={areaLabel(area)} style={block}>
            <div style={{ marginBottom: 6, fontWeight: 600 }}>{areaToggle(area)}</div>
            <div style={grid}>
              {PERMISSION_ACTIONS.map((action) => (
                <div key={action}>{cell(area, action, true)}</div>
              ))}
            </div>
          </div>
        ))}
      </div>
    );
  }

  const cellStyle = {
    padding: '8px 6px',
    borderBottom: `1px solid ${token.colorSplit}`,
    textAlign: 'center' as const,
  };
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse' }} data-testid="permission-matrix">
        <caption className="sr-only">{t('roles.matrixCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...cellStyle, textAlign: 'start' }}>
              {t('roles.area')}
            </th>
            {PERMISSION_ACTIONS.map((action) => (
              <th key={action} scope="col" style={cellStyle}>
                {actionToggle(action, true)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PERMISSION_AREAS.map((area) => (
            <tr key={area}>
              <th scope="row" style={{ ...cellStyle, textAlign: 'start', fontWeight: 500 }}>
                {areaToggle(area)}
              </th>
              {PERMISSION_ACTIONS.map((action) => (
                <td key={action} style={cellStyle}>
                  {cell(area, action, false)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
