import type { TParameterList, TParameterValueType } from '@portal/contract';
import type { TParameterListRow, TParameterRow } from './parameter-lists.repository.ts';

/** The one place parameter list rows become the API record. */
export function toParameterList(row: TParameterListRow, parameters: TParameterRow[]): TParameterList {
  return {
    parameterListId: row.id,
    parameterListCode: row.code,
    parameterListDescription: row.description,
    active: row.active,
    companyId: row.companyId,
    companyName: row.companyName,
    userId: row.userId,
    familyCount: row.familyCount,
    parameters: parameters
      .filter((p) => p.listId === row.id)
      .map((p) => ({
        parameterId: p.id,
        parameterName: p.name,
        parameterValue: p.value,
        parameterValueType: p.valueType as TParameterValueType,
        enabled: p.enabled,
        readOnly: p.readOnly,
        parameterMeasurementUnitId: p.measurementUnitId,
        parameterListId: p.listId,
      })),
  };
}
