import type { TPlacementRule, TPlacementRuleInput } from '@portal/contract';

/** The rule form's values: the name as typed, codes, sizes and choices null for none. */
export type TRuleFormValues = {
  placementRuleName: string;
  scenarioId: number | null;
  companyId: number | null;
  typeCode: string | null;
  materialCode: string | null;
  serviceSizeRangeLow: number | null;
  serviceSizeRangeHigh: number | null;
  closureDeviceSystemType: string | null;
  closureDeviceSystemCount: number | null;
  closureDeviceSystemThickness: number | null;
  additionalInsulationTypeCode: string | null;
  additionalInsulationThickness: number | null;
  active: boolean;
};

// Every field has a value here: antd's setFieldsValue merges, so a missing one would keep the
// value of the rule edited before.
export function ruleFormValues(rule: TPlacementRule | null): TRuleFormValues {
  return {
    placementRuleName: rule?.placementRuleName ?? '',
    scenarioId: rule?.scenarioId ?? null,
    companyId: rule?.companyId ?? null,
    typeCode: rule?.typeCode ?? null,
    materialCode: rule?.materialCode ?? null,
    serviceSizeRangeLow: rule?.serviceSizeRangeLow ?? null,
    serviceSizeRangeHigh: rule?.serviceSizeRangeHigh ?? null,
    closureDeviceSystemType: rule?.closureDeviceSystemType ?? null,
    closureDeviceSystemCount: rule?.closureDeviceSystemCount ?? null,
    closureDeviceSystemThickness: rule?.closureDeviceSystemThickness ?? null,
    additionalInsulationTypeCode: rule?.additionalInsulationTypeCode ?? null,
    additionalInsulationThickness: rule?.additionalInsulationThickness ?? null,
    active: rule?.active ?? true,
  };
}

const codeOf = (value: string | null | undefined) => value?.trim() || null;

function fieldsOf(values: TRuleFormValues) {
  return {
    placementRuleName: values.placementRuleName.trim(),
    scenarioId: values.scenarioId ?? null,
    typeCode: codeOf(values.typeCode),
    materialCode: codeOf(values.materialCode),
    serviceSizeRangeLow: values.serviceSizeRangeLow ?? null,
    serviceSizeRangeHigh: values.serviceSizeRangeHigh ?? null,
    closureDeviceSystemType: codeOf(values.closureDeviceSystemType),
    closureDeviceSystemCount: values.closureDeviceSystemCount ?? null,
    closureDeviceSystemThickness: values.closureDeviceSystemThickness ?? null,
    additionalInsulationTypeCode: codeOf(values.additionalInsulationTypeCode),
    additionalInsulationThickness: values.additionalInsulationThickness ?? null,
    active: values.active,
  };
}

/**
 * The request for the form's values, or null when an edit changed nothing (the save then sends
 * nothing). The company travels only when one was chosen (admins file a rule anywhere).
 */
export function ruleInputOf(
  rule: TPlacementRule | null,
  values: TRuleFormValues,
): TPlacementRuleInput | null {
  const fields = fieldsOf(values);
  const companyChanged = values.companyId !== null && values.companyId !== (rule?.companyId ?? null);
  if (rule && !companyChanged && JSON.stringify(fields) === JSON.stringify(fieldsOf(ruleFormValues(rule))))
    return null;
  return {
    ...(rule ? { placementRuleId: rule.placementRuleId } : {}),
    ...fields,
    ...(values.companyId !== null ? { companyId: values.companyId } : {}),
  };
}
