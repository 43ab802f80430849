import type { TScenario, TScenarioInput } from '@portal/contract';

/** The scenario form's values: texts as typed (empty for none), sizes and choices null for none. */
export type TScenarioFormValues = {
  scenarioName: string;
  revitFamilyId: number | null;
  companyId: number | null;
  documentType: string;
  pageNumber: string;
  detailReference: string;
  parameterListId: number | null;
  fireRating: string;
  acousticPerformance: string;
  apertureSizeMinWidth: number | null;
  apertureSizeMaxWidth: number | null;
  apertureSizeMinHeight: number | null;
  apertureSizeMaxHeight: number | null;
  constructionElement: string | null;
  constructionMaterialCode: string | null;
  constructionThickness: number | null;
  serviceSupport: string;
  active: boolean;
};

// Every field has a value here: antd's setFieldsValue merges, so a missing one would keep the
// value of the scenario edited before.
export function scenarioFormValues(scenario: TScenario | null): TScenarioFormValues {
  return {
    scenarioName: scenario?.scenarioName ?? '',
    revitFamilyId: scenario?.revitFamilyId ?? null,
    companyId: scenario?.companyId ?? null,
    documentType: scenario?.documentType ?? '',
    pageNumber: scenario?.pageNumber ?? '',
    detailReference: scenario?.detailReference ?? '',
    parameterListId: scenario?.parameterListId ?? null,
    // The stored "0" is the spec's empty rating: shown as empty.
    fireRating: scenario && scenario.fireRating !== '0' ? scenario.fireRating : '',
    acousticPerformance: scenario?.acousticPerformance ?? '',
    apertureSizeMinWidth: scenario?.apertureSizeMinWidth ?? null,
    apertureSizeMaxWidth: scenario?.apertureSizeMaxWidth ?? null,
    apertureSizeMinHeight: scenario?.apertureSizeMinHeight ?? null,
    apertureSizeMaxHeight: scenario?.apertureSizeMaxHeight ?? null,
    constructionElement: scenario?.constructionElement ?? null,
    constructionMaterialCode: scenario?.constructionMaterialCode ?? null,
    constructionThickness: scenario?.constructionThickness ?? null,
    serviceSupport: scenario?.serviceSupport ?? '',
    active: scenario?.active ?? true,
  };
}

const textOrNull = (value: string | null | undefined) => value?.trim() || null;

/** The fields of a request for the values, without the id and the company. */
function fieldsOf(values: TScenarioFormValues) {
  return {
    scenarioName: values.scenarioName.trim(),
    revitFamilyId: values.revitFamilyId ?? null,
    documentType: textOrNull(values.documentType),
    pageNumber: textOrNull(values.pageNumber),
    detailReference: textOrNull(values.detailReference),
    parameterListId: values.parameterListId ?? null,
    // Empty is "0" (spec 5); the server applies that rule.
    fireRating: values.fireRating.trim(),
    acousticPerformance: textOrNull(values.acousticPerformance),
    apertureSizeMinWidth: values.apertureSizeMinWidth ?? null,
    apertureSizeMaxWidth: values.apertureSizeMaxWidth ?? null,
    apertureSizeMinHeight: values.apertureSizeMinHeight ?? null,
    apertureSizeMaxHeight: values.apertureSizeMaxHeight ?? null,
    constructionElement: textOrNull(values.constructionElement),
    constructionMaterialCode: textOrNull(values.constructionMaterialCode),
    constructionThickness: values.constructionThickness ?? null,
    serviceSupport: textOrNull(values.serviceSupport),
    active: values.active,
  };
}

/**
 * The request for the form's values, or null when an edit changed nothing (the save then sends
 * nothing). The company travels only when one was chosen (admins file a scenario anywhere).
 */
export function scenarioInputOf(
  scenario: TScenario | null,
  values: TScenarioFormValues,
): TScenarioInput | null {
  const fields = fieldsOf(values);
  const companyChanged = values.companyId !== null && values.companyId !== (scenario?.companyId ?? null);
  if (
    scenario &&
    !companyChanged &&
    JSON.stringify(fields) === JSON.stringify(fieldsOf(scenarioFormValues(scenario)))
  )
    return null;
  return {
    ...(scenario ? { scenarioId: scenario.scenarioId } : {}),
    ...fields,
    ...(values.companyId !== null ? { companyId: values.companyId } : {}),
  };
}
