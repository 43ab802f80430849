import {
  APPROVAL_FAMILY_FIELDS,
  type TApprovalFamilyField,
  type TFamilyType,
  type TRevitFamily,
} from '@portal/contract';

/**
 * The fields of APPROVAL_FAMILY_FIELDS whose values differ between a published family and the
 * request standing for a change of it. Files compare by hash (and Revit version), pictures by
 * hash, tags as sets, types by name and their parameters' values, whatever their order.
 */
export function changedFamilyFields(original: TRevitFamily, proposed: TRevitFamily): TApprovalFamilyField[] {
  return APPROVAL_FAMILY_FIELDS.filter(
    (field) => comparable(original, field) !== comparable(proposed, field),
  );
}

function comparable(family: TRevitFamily, field: TApprovalFamilyField): string {
  if (field === 'revitFamilyTags') return JSON.stringify([...family.revitFamilyTags].sort());
  if (field === 'revitFamilyTypes') return JSON.stringify(typesKey(family.revitFamilyTypes ?? []));
  return JSON.stringify(family[field] ?? null);
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
