import { z } from 'zod';
import { MAX_ID, ZPathId } from '../common/envelope.ts';
import { INTERFACE_LANGUAGES, type TInterfaceLanguage } from '../common/languages.ts';
import { MAX_DIMENSION } from '../scenarios/scenarios.schema.ts';
import { MAX_CLOSURE_DEVICES, PLACEMENT_RULE_LIMITS, ZPlacementRuleInfos } from './placement-rules.schema.ts';

/**
 * The columns of a placement-rule sheet (.xlsx or CSV), in the order the export writes them. The
 * import finds them by their titles, in any order and in any of the six languages (or by these
 * keys), so a file one person exported imports for anyone, and a column left out keeps its value.
 */
export const PLACEMENT_RULE_SHEET_COLUMNS = [
  'placementRuleId',
  'placementRuleName',
  'scenarioId',
  'scenarioName',
  'companyId',
  'typeCode',
  'materialCode',
  'serviceSizeRangeLow',
  'serviceSizeRangeHigh',
  'closureDeviceSystemType',
  'closureDeviceSystemCount',
  'closureDeviceSystemThickness',
  'additionalInsulationTypeCode',
  'additionalInsulationThickness',
  'active',
] as const;
export type TPlacementRuleSheetColumn = (typeof PLACEMENT_RULE_SHEET_COLUMNS)[number];

type TCellKind = 'id' | 'text' | 'number' | 'count' | 'yesno' | 'readOnly';

/**
 * How each column's cells read: ids and counts are whole numbers, sizes numbers within the save's
 * bounds, texts within its lengths; `readOnly` columns are written for people and passed over by
 * the import (a scenario is named by its id).
 */
export const PLACEMENT_RULE_SHEET_CELLS: Record<
  TPlacementRuleSheetColumn,
  { kind: TCellKind; min?: number; max?: number }
> = {
  placementRuleId: { kind: 'id', min: 1, max: MAX_ID },
  placementRuleName: { kind: 'text', max: PLACEMENT_RULE_LIMITS.placementRuleName },
  scenarioId: { kind: 'id', min: 1, max: MAX_ID },
  scenarioName: { kind: 'readOnly' },
  companyId: { kind: 'id', min: 1, max: MAX_ID },
  typeCode: { kind: 'text', max: PLACEMENT_RULE_LIMITS.typeCode },
  materialCode: { kind: 'text', max: PLACEMENT_RULE_LIMITS.materialCode },
  serviceSizeRangeLow: { kind: 'number', min: 0, max: MAX_DIMENSION },
  serviceSizeRangeHigh: { kind: 'number', min: 0, max: MAX_DIMENSION },
  closureDeviceSystemType: { kind: 'text', max: PLACEMENT_RULE_LIMITS.closureDeviceSystemType },
  closureDeviceSystemCount: { kind: 'count', min: 0, max: MAX_CLOSURE_DEVICES },
  closureDeviceSystemThickness: { kind: 'number', min: 0, max: MAX_DIMENSION },
  additionalInsulationTypeCode: { kind: 'text', max: PLACEMENT_RULE_LIMITS.additionalInsulationTypeCode },
  additionalInsulationThickness: { kind: 'number', min: 0, max: MAX_DIMENSION },
  active: { kind: 'yesno' },
};

const TITLES: Record<TInterfaceLanguage, Record<TPlacementRuleSheetColumn, string>> = {
  en: {
    placementRuleId: 'Rule id',
    placementRuleName: 'Rule name',
    scenarioId: 'Scenario id',
    scenarioName: 'Scenario name',
    companyId: 'Company id',
    typeCode: 'Service type',
    materialCode: 'Service material',
    serviceSizeRangeLow: 'Service size from',
    serviceSizeRangeHigh: 'Service size to',
    closureDeviceSystemType: 'Closure device type',
    closureDeviceSystemCount: 'Closure device count',
    closureDeviceSystemThickness: 'Closure device thickness',
    additionalInsulationTypeCode: 'Insulation material',
    additionalInsulationThickness: 'Insulation thickness',
    active: 'Active',
  },
  de: {
    placementRuleId: 'Regel-ID',
    placementRuleName: 'Regelname',
    scenarioId: 'Szenario-ID',
    scenarioName: 'Szenarioname',
    companyId: 'Firmen-ID',
    typeCode: 'Leitungsart',
    materialCode: 'Leitungsmaterial',
    serviceSizeRangeLow: 'Leitungsgröße von',
    serviceSizeRangeHigh: 'Leitungsgröße bis',
    closureDeviceSystemType: 'Verschlusssystem',
    closureDeviceSystemCount: 'Anzahl Verschlüsse',
    closureDeviceSystemThickness: 'Dicke Verschluss',
    additionalInsulationTypeCode: 'Dämmmaterial',
    additionalInsulationThickness: 'Dämmdicke',
    active: 'Aktiv',
  },
  es: {
    placementRuleId: 'ID de regla',
    placementRuleName: 'Nombre de regla',
    scenarioId: 'ID de escenario',
    scenarioName: 'Nombre de escenario',
    companyId: 'ID de empresa',
    typeCode: 'Tipo de instalación',
    materialCode: 'Material de instalación',
    serviceSizeRangeLow: 'Tamaño de instalación desde',
    serviceSizeRangeHigh: 'Tamaño de instalación hasta',
    closureDeviceSystemType: 'Tipo de dispositivo de cierre',
    closureDeviceSystemCount: 'Número de dispositivos de cierre',
    closureDeviceSystemThickness: 'Espesor del dispositivo de cierre',
    additionalInsulationTypeCode: 'Material de aislamiento',
    additionalInsulationThickness: 'Espesor de aislamiento',
    active: 'Activo',
  },
  fr: {
    placementRuleId: 'ID de règle',
    placementRuleName: 'Nom de règle',
    scenarioId: 'ID de scénario',
    scenarioName: 'Nom de scénario',
    companyId: "ID d'entreprise",
    typeCode: 'Type de réseau',
    materialCode: 'Matériau du réseau',
    serviceSizeRangeLow: 'Taille du réseau de',
    serviceSizeRangeHigh: 'Taille du réseau à',
    closureDeviceSystemType: "Type de dispositif d'obturation",
    closureDeviceSystemCount: "Nombre de dispositifs d'obturation",
    closureDeviceSystemThickness: "Épaisseur du dispositif d'obturation",
    additionalInsulationTypeCode: "Matériau d'isolation",
    additionalInsulationThickness: "Épaisseur d'isolation",
    active: 'Actif',
  },
  ja: {
    placementRuleId: 'ルールID',
    placementRuleName: 'ルール名',
    scenarioId: 'シナリオID',
    scenarioName: 'シナリオ名',
    companyId: '会社ID',
    typeCode: '設備種別',
    materialCode: '設備材質',
    serviceSizeRangeLow: '設備サイズ下限',
    serviceSizeRangeHigh: '設備サイズ上限',
    closureDeviceSystemType: '閉鎖装置の種類',
    closureDeviceSystemCount: '閉鎖装置の数',
    closureDeviceSystemThickness: '閉鎖装置の厚さ',
    additionalInsulationTypeCode: '断熱材',
    additionalInsulationThickness: '断熱材の厚さ',
    active: '有効',
  },
  zh: {
    placementRuleId: '规则 ID',
    placementRuleName: '规则名称',
    scenarioId: '场景 ID',
    scenarioName: '场景名称',
    companyId: '公司 ID',
    typeCode: '管线类型',
    materialCode: '管线材料',
    serviceSizeRangeLow: '管线尺寸下限',
    serviceSizeRangeHigh: '管线尺寸上限',
    closureDeviceSystemType: '封堵装置类型',
    closureDeviceSystemCount: '封堵装置数量',
    closureDeviceSystemThickness: '封堵装置厚度',
    additionalInsulationTypeCode: '保温材料',
    additionalInsulationThickness: '保温厚度',
    active: '启用',
  },
};

/** A column's title in a language: the exported header cell. */
export function placementRuleSheetTitle(
  column: TPlacementRuleSheetColumn,
  language: TInterfaceLanguage,
): string {
  return TITLES[language][column];
}

const normalised = (title: string) => title.normalize('NFC').trim().toLowerCase();

/** Every title in every language, and every key, to its column (a Map: a title is never a property name). */
const BY_TITLE = new Map<string, TPlacementRuleSheetColumn>(
  PLACEMENT_RULE_SHEET_COLUMNS.flatMap((column) => [
    [normalised(column), column] as const,
    ...INTERFACE_LANGUAGES.map((language) => [normalised(TITLES[language][column]), column] as const),
  ]),
);

/** The column a header cell names, in any language or by its key, ignoring case; undefined if none. */
export function placementRuleSheetColumnOf(title: string): TPlacementRuleSheetColumn | undefined {
  return BY_TITLE.get(normalised(title));
}

/** Most rules one file imports: more is 422 at the first row past it, the rest never read. */
export const PLACEMENT_RULE_IMPORT_MAX_ROWS = 10_000;
/** Largest file taken (10,000 rules are some 2 MB as CSV, less as .xlsx). */
export const PLACEMENT_RULE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const PLACEMENT_RULE_SHEET_FORMATS = ['xlsx', 'csv'] as const;
export type TPlacementRuleSheetFormat = (typeof PLACEMENT_RULE_SHEET_FORMATS)[number];

/**
 * `/placement-rules/diKeeperimport`: the file base64 beside its name, as the price import takes
 * it; .xlsx or CSV, told apart by content. `dryRun` checks every row and answers the counts only.
 */
export const ZPlacementRuleImportRequest = z.object({
  loadedFile: z.object({ fileName: z.string().max(255), base64FileContent: z.string() }),
  dryRun: z.boolean().optional(),
});

/**
 * What an import did (or, dry, would do): the rows read, rules created, rules changed (for
 * non-admins: change requests), and rows equal to their rule, which are left as they are.
 */
export const ZPlacementRuleImportCounts = z.object({
  rows: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
});
export type TPlacementRuleImportCounts = z.infer<typeof ZPlacementRuleImportCounts>;

/** The saved records (none for a dry run) and the counts. */
export const ZPlacementRuleImportAnswer = ZPlacementRuleInfos.extend({
  importCounts: ZPlacementRuleImportCounts,
});
export type TPlacementRuleImportAnswer = z.infer<typeof ZPlacementRuleImportAnswer>;

/** `GET /placement-rules/export`: the format, the titles' language, and the find's simple filters. */
export const ZPlacementRuleExportQuery = z.object({
  format: z.enum(PLACEMENT_RULE_SHEET_FORMATS).optional(),
  language: z.enum(INTERFACE_LANGUAGES).optional(),
  active: z.enum(['true', 'false']).optional(),
  search: z.string().max(200).optional(),
  companyId: ZPathId.optional(),
  scenarioId: ZPathId.optional(),
});
export type TPlacementRuleExportQuery = z.infer<typeof ZPlacementRuleExportQuery>;
