import {
  APPROVAL_FAMILY_FIELDS,
  type TApprovalFamilyField,
  type TFamilyType,
  type TRevitFamily,
} from '@portal/contract';

/**
 * The fields among `fields` whose values differ between a published record and the request
 * standing for a change of it. Files compare by hash (and Revit version), pictures by hash, a
 * family's tags as sets, its types by name and their parameters' values, whatever their order.
 */
export function changedFields<F extends string, R extends object>(
  fields: readonly F[],
  original: R,
  proposed: R,
): F[] {
  return fields.filter((field) => comparable(original, field) !== comparable(proposed, field));
}

/** A family's changed fields (APPROVAL_FAMILY_FIELDS). */
export function changedFamilyFields(original: TRevitFamily, proposed: TRevitFamily): TApprovalFamilyField[] {
  return changedFields(APPROVAL_FAMILY_FIELDS, original, proposed);
}

function comparable(record: object, field: string): string {
  const value = (record as Record<string, unknown>)[field];
  if (field === 'revitFamilyTags') return JSON.stringify([...((value as string[] | undefined) ?? [])].sort());
  if (field === 'revitFamilyTypes')
    return JSON.stringify(typesKey((value as TFamilyType[] | undefined) ?? []));
  return JSON.stringify(value ?? null);
}

/** Types by name, each with its parameters' names, values and units, in a fixed order. */
function typesKey(types: TFamilyType[]) {
  return [...types]
    .sort((a, b) => a.typeName.localeCompare(b.typeName))
    .map((type) => [
      type.typeName,
      [...type.parameters]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((parameter) => [parameter.name, parameter.value, parameter.unit]),
    ]);
}
