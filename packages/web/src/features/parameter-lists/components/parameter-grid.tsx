import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PARAMETER_VALUE_TYPES, type TErrorDetail, type TParameterValueType } from '@portal/contract';
import { Button, Empty, Input, Select, Switch, theme, Tooltip, Typography } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldTitle } from './field-title.ts';
import type { TUnitOption } from '../api/unit-list.ts';
import { parameterErrorText } from './parameter-error-text.ts';
import {
  NAME_MAX,
  newParameter,
  NUMBER_TYPES,
  type TDraftErrors,
  type TParameterDraft,
  UNIT_TYPES,
  VALUE_MAX,
} from './parameter-draft.ts';

export type TParameterGridProps = {
  rows: TParameterDraft[];
  onChange: (rows: TParameterDraft[]) => void;
  errors: TDraftErrors['parameters'];
  /** No editing at all (the caller may not update lists). */
  readOnly: boolean;
  /** Saved parameters may be removed (contentmanagement.delete); new rows always may. */
  mayRemoveSaved: boolean;
  units: { options: TUnitOption[]; loading: boolean; failed: boolean };
};

const YES_NO = new Set(['yes', 'true', '1']);

/** The yes/no select's value for a stored text ("true", "1" and "yes" all read as yes). */
function yesNoOf(value: string): 'yes' | 'no' | undefined {
  const v = value.trim().toLowerCase();
  if (v === '') return undefined;
  return YES_NO.has(v) ? 'yes' : 'no';
}

/**
 * The parameters of a list as an inline-editable grid: name, a value field that fits the type
 * (decimal keyboard for numbers and measures, yes/no choice, text), the type, the unit for
 * measures, enabled and read-only. It scrolls sideways inside its own focusable region, so a
 * phone can reach every column with a swipe or the arrow keys.
 */
export function ParameterGrid({
  rows,
  onChange,
  errors,
  readOnly,
  mayRemoveSaved,
  units,
}: TParameterGridProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const focusKey = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const key = focusKey.current;
    if (key === null || !root.current) return;
    focusKey.current = null;
    const selector = key === '' ? '[data-testid=parameter-add]' : `[data-row="${key}"] [data-control=name]`;
    root.current.querySelector<HTMLElement>(selector)?.focus();
  });

  const change = (key: string, patch: Partial<TParameterDraft>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const changeType = (row: TParameterDraft, type: TParameterValueType) =>
    change(row.key, {
      parameterValueType: type,
      // A unit belongs to measures only; a yes/no keeps a value only when it reads as one.
      parameterMeasurementUnitId: UNIT_TYPES.has(type) ? row.parameterMeasurementUnitId : null,
      ...(type === 'yesno' && row.parameterValue.trim() !== '' && yesNoOf(row.parameterValue) === undefined
        ? { parameterValue: '' }
        : {}),
    });
  const remove = (index: number) => {
    const next = rows[index + 1] ?? rows[index - 1];
    focusKey.current = next ? next.key : '';
    onChange(rows.filter((_row, i) => i !== index));
  };
  const add = () => {
    const row = newParameter();
    focusKey.current = row.key;
    onChange([...rows, row]);
  };

  const label = (row: TParameterDraft, index: number) =>
    row.parameterName.trim() || t('parameterLists.grid.row', { n: index + 1 });
  const cellLabel = (column: string, index: number) =>
    t('parameterLists.grid.cellLabel', { column, n: index + 1 });
  const typeLabel = (type: TParameterValueType) => t(`parameterLists.types.${type}`);

  const errorLine = (id: string, error: TErrorDetail | undefined): ReactNode =>
    error ? (
      <Typography.Text
        type="danger"
        id={id}
        data-testid="parameter-error"
        style={{ display: 'block', fontSize: token.fontSizeSM, whiteSpace: 'normal' }}
      >
        {parameterErrorText(t, error)}
      </Typography.Text>
    ) : null;

  const valueCell = (row: TParameterDraft, index: number, error: TErrorDetail | undefined) => {
    const errorId = `parameter-${row.key}-value-error`;
    const common = {
      'aria-label': cellLabel(fieldTitle(t, 'parameterValue'), index),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      'data-testid': 'parameter-value',
      status: error ? ('error' as const) : undefined,
    };
    if (readOnly) return <Typography.Text>{row.parameterValue}</Typography.Text>;
    if (row.parameterValueType === 'yesno') {
      return (
        <Select<'yes' | 'no'>
          {...common}
          allowClear
          style={{ width: '100%' }}
          value={yesNoOf(row.parameterValue)}
          onChange={(value) => change(row.key, { parameterValue: value ?? '' })}
          options={[
            { value: 'yes', label: t('parameterLists.yes') },
            { value: 'no', label: t('parameterLists.no') },
          ]}
        />
      );
    }
    const numeric = NUMBER_TYPES.has(row.parameterValueType);
    return (
      <Input
        {...common}
        value={row.parameterValue}
        maxLength={VALUE_MAX}
        inputMode={
          numeric
            ? row.parameterValueType === 'integer'
              ? 'numeric'
              : 'decimal'
            : row.parameterValueType === 'url'
              ? 'url'
              : 'text'
        }
        style={numeric ? { textAlign: 'end' } : undefined}
        onChange={(event) => change(row.key, { parameterValue: event.target.value })}
      />
    );
  };

  const unitCell = (row: TParameterDraft, index: number) => {
    if (!UNIT_TYPES.has(row.parameterValueType))
      return (
        <span aria-label={t('parameterLists.grid.noUnit')} style={{ display: 'inline-block', paddingTop: 5 }}>
          —
        </span>
      );
    const unit = units.options.find((u) => u.unitId === row.parameterMeasurementUnitId);
    if (readOnly) return <Typography.Text>{unit?.code ?? ''}</Typography.Text>;
    return (
      <Select<number>
        aria-label={cellLabel(fieldTitle(t, 'parameterMeasurementUnit'), index)}
        data-testid="parameter-unit"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={units.loading}
        status={units.failed ? 'warning' : undefined}
        placeholder={units.failed ? t('parameterLists.grid.unitsFailed') : undefined}
        style={{ width: '100%' }}
        popupMatchSelectWidth={false}
        value={row.parameterMeasurementUnitId ?? undefined}
        onChange={(value) => change(row.key, { parameterMeasurementUnitId: value ?? null })}
        options={units.options.map((u) => ({ value: u.unitId, label: `${u.code} – ${u.description}` }))}
        labelRender={({ value }) => units.options.find((u) => u.unitId === value)?.code ?? String(value)}
      />
    );
  };

  const th: CSSProperties = {
    textAlign: 'start',
    padding: '8px',
    fontWeight: 600,
    color: token.colorTextSecondary,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    whiteSpace: 'nowrap',
    position: 'sticky',
    top: 0,
    background: token.colorBgContainer,
  };
  const td: CSSProperties = {
    padding: '6px 8px',
    verticalAlign: 'top',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  };

  return (
    <div ref={root} data-testid="parameter-grid">
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('parameterLists.grid.empty')} />
      ) : (
        <div
          role="region"
          aria-label={t('parameterLists.grid.region')}
          // The region scrolls sideways on narrow windows; focusable so the keyboard can scroll it.
          tabIndex={0}
          data-testid="parameter-grid-scroll"
          style={{
            overflowX: 'auto',
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            background: token.colorBgContainer,
          }}
        >
          <table style={{ width: '100%', minWidth: readOnly ? 720 : 980, borderCollapse: 'collapse' }}>
            <caption className="sr-only">{t('parameterLists.grid.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" style={{ ...th, width: 36 }}>
                  #
                </th>
                <th scope="col" style={th}>
                  {fieldTitle(t, 'parameterName')}
                </th>
                <th scope="col" style={{ ...th, width: 200 }}>
                  {fieldTitle(t, 'parameterValue')}
                </th>
                <th scope="col" style={{ ...th, width: 150 }}>
                  {fieldTitle(t, 'parameterValueType')}
                </th>
                <th scope="col" style={{ ...th, width: 120 }}>
                  {fieldTitle(t, 'parameterMeasurementUnit')}
                </th>
                <th scope="col" style={{ ...th, width: 90 }}>
                  {fieldTitle(t, 'parameterEnabled')}
                </th>
                <th scope="col" style={{ ...th, width: 90 }}>
                  {fieldTitle(t, 'parameterReadOnly')}
                </th>
                {readOnly ? null : (
                  <th scope="col" style={{ ...th, width: 48 }}>
                    <span className="sr-only">{t('common.actions')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const error = errors[row.key];
                const nameErrorId = `parameter-${row.key}-name-error`;
                const removable = row.parameterId === undefined || mayRemoveSaved;
                return (
                  <tr key={row.key} data-row={row.key} data-testid="parameter-row">
                    <td style={{ ...td, color: token.colorTextSecondary, paddingTop: 11 }}>{index + 1}</td>
                    <td style={td}>
                      {readOnly ? (
                        <Typography.Text>{row.parameterName}</Typography.Text>
                      ) : (
                        <Input
                          value={row.parameterName}
                          data-control="name"
                          data-testid="parameter-name"
                          aria-label={cellLabel(fieldTitle(t, 'parameterName'), index)}
                          maxLength={NAME_MAX}
                          status={error?.parameterName ? 'error' : undefined}
                          aria-invalid={error?.parameterName ? true : undefined}
                          aria-describedby={error?.parameterName ? nameErrorId : undefined}
                          onChange={(event) => change(row.key, { parameterName: event.target.value })}
                        />
                      )}
                      {errorLine(nameErrorId, error?.parameterName)}
                    </td>
                    <td style={td}>
                      {valueCell(row, index, error?.parameterValue)}
                      {errorLine(`parameter-${row.key}-value-error`, error?.parameterValue)}
                    </td>
                    <td style={td}>
                      {readOnly ? (
                        <Typography.Text>{typeLabel(row.parameterValueType)}</Typography.Text>
                      ) : (
                        <Select<TParameterValueType>
                          aria-label={cellLabel(fieldTitle(t, 'parameterValueType'), index)}
                          data-testid="parameter-type"
                          style={{ width: '100%' }}
                          popupMatchSelectWidth={false}
                          value={row.parameterValueType}
                          onChange={(type) => changeType(row, type)}
                          options={PARAMETER_VALUE_TYPES.map((type) => ({
                            value: type,
                            label: typeLabel(type),
                          }))}
                        />
                      )}
                    </td>
                    <td style={td}>{unitCell(row, index)}</td>
                    <td style={{ ...td, paddingTop: 10 }}>
                      <Switch
                        size="small"
                        aria-label={cellLabel(fieldTitle(t, 'parameterEnabled'), index)}
                        data-testid="parameter-enabled"
                        checked={row.enabled}
                        disabled={readOnly}
                        onChange={(enabled) => change(row.key, { enabled })}
                      />
                    </td>
                    <td style={{ ...td, paddingTop: 10 }}>
                      <Switch
                        size="small"
                        aria-label={cellLabel(fieldTitle(t, 'parameterReadOnly'), index)}
                        data-testid="parameter-read-only"
                        checked={row.readOnly}
                        disabled={readOnly}
                        onChange={(value) => change(row.key, { readOnly: value })}
                      />
                    </td>
                    {readOnly ? null : (
                      <td style={td}>
                        <Tooltip
                          title={
                            removable
                              ? t('parameterLists.grid.remove')
                              : t('parameterLists.grid.mayNotRemove')
                          }
                        >
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            data-testid="parameter-remove"
                            disabled={!removable}
                            aria-label={t('parameterLists.grid.removeLabel', { name: label(row, index) })}
                            onClick={() => remove(index)}
                          />
                        </Tooltip>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {readOnly ? null : (
        <Button icon={<PlusOutlined />} onClick={add} data-testid="parameter-add" style={{ marginTop: 8 }}>
          {t('parameterLists.grid.add')}
        </Button>
      )}
    </div>
  );
}
