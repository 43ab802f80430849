import {
  PARAMETER_LIST_TEXT_MAX,
  parameterValueFits,
  type TErrorDetail,
  type TParameterInput,
  type TParameterList,
  type TParameterListInput,
  type TParameterValueType,
} from '@portal/contract';

/** The company picker's value for a portal-wide list (no company); company ids start at 1. */
export const PORTAL_WIDE = 0;

/** Value types that carry a measurement unit from the unit list. */
export const UNIT_TYPES: ReadonlySet<TParameterValueType> = new Set(['length', 'area', 'volume', 'angle']);

/** Value types edited in a decimal (number) field. */
export const NUMBER_TYPES: ReadonlySet<TParameterValueType> = new Set([
  'number',
  'integer',
  'length',
  'area',
  'volume',
  'angle',
]);

/** The contract's limits, so the form refuses what the save would. */
export const CODE_MAX = PARAMETER_LIST_TEXT_MAX.parameterListCode;
export const DESCRIPTION_MAX = PARAMETER_LIST_TEXT_MAX.parameterListDescription;
export const NAME_MAX = PARAMETER_LIST_TEXT_MAX.parameterName;
export const VALUE_MAX = PARAMETER_LIST_TEXT_MAX.parameterValue;

/** One parameter row as edited; `key` stays with the row, `parameterId` marks a saved parameter. */
export type TParameterDraft = {
  key: string;
  parameterId?: number;
  parameterName: string;
  parameterValue: string;
  parameterValueType: TParameterValueType;
  parameterMeasurementUnitId: number | null;
  enabled: boolean;
  readOnly: boolean;
};

export type TParameterListDraft = {
  parameterListCode: string;
  parameterListDescription: string;
  active: boolean;
  /** PORTAL_WIDE for no company; null while a non-admin has not chosen one. */
  companyId: number | null;
  parameters: TParameterDraft[];
};

export type TParameterField = 'parameterName' | 'parameterValue';

export type TDraftErrors = {
  parameterListCode?: TErrorDetail;
  companyId?: TErrorDetail;
  parameters: Record<string, Partial<Record<TParameterField, TErrorDetail>>>;
};

let nextKey = 0;

/** A key for a new row, unique within the page's life. */
export function newRowKey(): string {
  nextKey += 1;
  return `new-${nextKey}`;
}

/** An empty parameter row. */
export function newParameter(): TParameterDraft {
  return {
    key: newRowKey(),
    parameterName: '',
    parameterValue: '',
    parameterValueType: 'text',
    parameterMeasurementUnitId: null,
    enabled: true,
    readOnly: false,
  };
}

/** The editable copy of a saved list, or an empty one filed under `companyId` for a new list. */
export function draftOf(list: TParameterList | null, companyId: number | null): TParameterListDraft {
  if (!list) {
    return {
      parameterListCode: '',
      parameterListDescription: '',
      active: true,
      companyId,
      parameters: [],
    };
  }
  return {
    parameterListCode: list.parameterListCode,
    parameterListDescription: list.parameterListDescription ?? '',
    active: list.active,
    companyId: list.companyId ?? PORTAL_WIDE,
    parameters: list.parameters.map((p) => ({
      key: `parameter-${p.parameterId}`,
      parameterId: p.parameterId,
      parameterName: p.parameterName,
      parameterValue: p.parameterValue ?? '',
      parameterValueType: p.parameterValueType,
      parameterMeasurementUnitId: p.parameterMeasurementUnitId,
      enabled: p.enabled,
      readOnly: p.readOnly,
    })),
  };
}

function parameterInputOf(row: TParameterDraft): TParameterInput {
  const value = row.parameterValue.trim();
  return {
    ...(row.parameterId === undefined ? {} : { parameterId: row.parameterId }),
    parameterName: row.parameterName.trim(),
    parameterValue: value === '' ? null : value,
    parameterValueType: row.parameterValueType,
    enabled: row.enabled,
    readOnly: row.readOnly,
    parameterMeasurementUnitId: UNIT_TYPES.has(row.parameterValueType)
      ? row.parameterMeasurementUnitId
      : null,
  };
}

/** The request of a draft (trimmed, units only for unit types); PORTAL_WIDE is companyId null. */
export function inputOf(draft: TParameterListDraft, listId: number | undefined): TParameterListInput {
  return {
    ...(listId === undefined ? {} : { parameterListId: listId }),
    parameterListCode: draft.parameterListCode.trim(),
    parameterListDescription: draft.parameterListDescription.trim() || null,
    active: draft.active,
    ...(draft.companyId === null
      ? {}
      : { companyId: draft.companyId === PORTAL_WIDE ? null : draft.companyId }),
    parameters: draft.parameters.map(parameterInputOf),
  };
}

/** Saved parameters that are no longer in the draft: removed through the delete call. */
export function removedIdsOf(draft: TParameterListDraft, saved: TParameterListDraft): number[] {
  const kept = new Set(draft.parameters.map((p) => p.parameterId));
  return saved.parameters.flatMap((p) =>
    p.parameterId !== undefined && !kept.has(p.parameterId) ? [p.parameterId] : [],
  );
}

/**
 * What pressing Save sends: the list when anything but removals changed (new lists always), and
 * the ids of removed parameters. Both empty: nothing changed, nothing is sent.
 */
export function changesOf(
  draft: TParameterListDraft,
  saved: TParameterListDraft,
  listId: number | undefined,
): { input: TParameterListInput | null; removedIds: number[] } {
  const removedIds = removedIdsOf(draft, saved);
  const input = inputOf(draft, listId);
  const kept = new Set(draft.parameters.map((p) => p.parameterId));
  const before = inputOf(
    { ...saved, parameters: saved.parameters.filter((p) => kept.has(p.parameterId)) },
    listId,
  );
  const changed = listId === undefined || JSON.stringify(input) !== JSON.stringify(before);
  return { input: changed ? input : null, removedIds };
}

/** True when leaving would lose work: a new list typed into, or a saved list with changes to send. */
export function isDirty(
  draft: TParameterListDraft,
  saved: TParameterListDraft,
  listId: number | undefined,
): boolean {
  if (listId === undefined)
    return JSON.stringify(inputOf(draft, undefined)) !== JSON.stringify(inputOf(saved, undefined));
  const { input, removedIds } = changesOf(draft, saved, listId);
  return input !== null || removedIds.length > 0;
}

function textError(name: string, value: string, max: number): TErrorDetail | undefined {
  const text = value.trim();
  if (!text) return { key: 'required', values: { name } };
  if (text.length > max) return { key: 'maxLength', values: { name, max } };
  return undefined;
}

/** The value check of one row (its type, its length), shared by the grid's cells and Save. */
export function valueError(
  row: Pick<TParameterDraft, 'parameterValue' | 'parameterValueType'>,
): TErrorDetail | undefined {
  if (row.parameterValue.trim().length > VALUE_MAX)
    return { key: 'maxLength', values: { name: 'parameterValue', max: VALUE_MAX } };
  if (!parameterValueFits(row.parameterValueType, row.parameterValue))
    return { key: 'valueType', values: { type: row.parameterValueType } };
  return undefined;
}

/** The server's checks on the client: most mistakes show in their cell before anything is sent. */
export function validateDraft(draft: TParameterListDraft): TDraftErrors {
  const errors: TDraftErrors = { parameters: {} };
  const code = textError('parameterListCode', draft.parameterListCode, CODE_MAX);
  if (code) errors.parameterListCode = code;
  if (draft.companyId === null) errors.companyId = { key: 'required', values: { name: 'company' } };
  const seen = new Set<string>();
  for (const row of draft.parameters) {
    const cell: Partial<Record<TParameterField, TErrorDetail>> = {};
    const name = row.parameterName.trim();
    const nameError = textError('parameterName', name, NAME_MAX);
    if (nameError) cell.parameterName = nameError;
    else if (seen.has(name.toLowerCase()))
      cell.parameterName = { key: 'repeated', values: { name: 'parameterName', value: name } };
    seen.add(name.toLowerCase());
    const value = valueError(row);
    if (value) cell.parameterValue = value;
    if (cell.parameterName || cell.parameterValue) errors.parameters[row.key] = cell;
  }
  return errors;
}

export function hasErrors(errors: TDraftErrors): boolean {
  return (
    errors.parameterListCode !== undefined ||
    errors.companyId !== undefined ||
    Object.keys(errors.parameters).length > 0
  );
}

const PARAMETER_FIELD = /^parameterListInfos\.0\.parameters\.(\d+)\.(parameterName|parameterValue)$/;

/** Places the details of a refused save on the cells of the draft that was sent. */
export function serverErrorsOf(
  sent: TParameterListDraft,
  details: readonly (TErrorDetail | null)[],
): TDraftErrors {
  const errors: TDraftErrors = { parameters: {} };
  for (const detail of details) {
    if (!detail?.field) continue;
    const match = PARAMETER_FIELD.exec(detail.field);
    const row = match ? sent.parameters[Number(match[1])] : undefined;
    if (match && row) {
      const field = match[2] as TParameterField;
      errors.parameters[row.key] = { ...errors.parameters[row.key], [field]: detail };
    } else if (detail.field.endsWith('parameterListCode')) errors.parameterListCode = detail;
    else if (detail.field.endsWith('companyId')) errors.companyId = detail;
  }
  return errors;
}
