import type { TPermissionAction, TPermissionArea } from '@portal/contract';
import { PERMISSION_ACTIONS, PERMISSION_AREAS } from '@portal/contract';
import { Checkbox, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TMatrix } from './permission-matrix-model.ts';
import { columnState, rowState, setCell, toggleColumn, toggleRow } from './permission-matrix-model.ts';

export type TPermissionMatrixProps = {
  value: TMatrix;
  onChange?: (value: TMatrix) => void;
  disabled?: boolean;
};

/** Areas by create/read/update/delete, with a toggle for each row and each column. */
export function PermissionMatrix({ value, onChange, disabled = false }: TPermissionMatrixProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const cellStyle = {
    padding: '8px 6px',
    borderBottom: `1px solid ${token.colorSplit}`,
    textAlign: 'center' as const,
  };
  const areaLabel = (area: TPermissionArea) => t(`permissions.areas.${area}`);
  const actionLabel = (action: TPermissionAction) => t(`permissions.actions.${action}`);

  return (
    <div style={{ overflowX: 'auto' }}>
      <table
        style={{ width: '100%', borderCollapse: 'collapse', minWidth: 420 }}
        data-testid="permission-matrix"
      >
        <caption className="sr-only">{t('roles.matrixCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" style={{ ...cellStyle, textAlign: 'start' }}>
              {t('roles.area')}
            </th>
            {PERMISSION_ACTIONS.map((action) => {
              const state = columnState(value, action);
              return (
                <th key={action} scope="col" style={cellStyle}>
                  <Checkbox
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    disabled={disabled}
                    aria-label={t('roles.toggleColumn', { action: actionLabel(action) })}
                    onChange={() => onChange?.(toggleColumn(value, action))}
                    style={{ flexDirection: 'column', alignItems: 'center', gap: 4 }}
                  >
                    <span style={{ fontWeight: 600 }}>{actionLabel(action)}</span>
                  </Checkbox>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {PERMISSION_AREAS.map((area) => {
            const state = rowState(value, area);
            return (
              <tr key={area}>
                <th scope="row" style={{ ...cellStyle, textAlign: 'start', fontWeight: 500 }}>
                  <Checkbox
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    disabled={disabled}
                    aria-label={t('roles.toggleRow', { area: areaLabel(area) })}
                    onChange={() => onChange?.(toggleRow(value, area))}
                  >
                    {areaLabel(area)}
                  </Checkbox>
                </th>
                {PERMISSION_ACTIONS.map((action) => (
                  <td key={action} style={cellStyle}>
                    <Checkbox
                      checked={value[area][action]}
                      disabled={disabled}
                      aria-label={`${areaLabel(area)}: ${actionLabel(action)}`}
                      data-testid={`perm-${area}-${action}`}
                      onChange={(event) => onChange?.(setCell(value, area, action, event.target.checked))}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
