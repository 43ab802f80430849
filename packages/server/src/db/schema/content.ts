import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { companies } from './organisation.ts';
import { users } from './users.ts';

/** The temporary-item (approval workflow) columns of families, scenarios and placement rules. */
const tifColumns = () => ({
  tifStatus: text('tif_status').notNull().default('A'),
  tifAction: text('tif_action'),
  tifOriginalId: integer('tif_original_id'),
  tifTempId: integer('tif_temp_id'),
});

const timestamps = () => ({
  createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  lastUpdate: timestamp('last_update', { withTimezone: true }).notNull().defaultNow(),
});

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    pictureFileName: text('picture_file_name'),
    pictureHash: text('picture_hash').references(() => files.hash),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`)],
);

export const genericLists = pgTable(
  'generic_lists',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('generic_lists_code_unique').on(sql`lower(${t.code})`)],
);

export const genericListItems = pgTable(
  'generic_list_items',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => genericLists.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    value: text('value').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('generic_list_items_code_unique').on(t.listId, t.code)],
);

export const parameterLists = pgTable(
  'parameter_lists',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('parameter_lists_code_unique').on(sql`lower(${t.code})`),
    index('parameter_lists_company_idx').on(t.companyId),
  ],
);

export const parameters = pgTable(
  'parameters',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => parameterLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value'),
    valueType: text('value_type').notNull().default('text'),
    enabled: boolean('enabled').notNull().default(true),
    readOnly: boolean('read_only').notNull().default(false),
    measurementUnitId: integer('measurement_unit_id'),
  },
  (t) => [uniqueIndex('parameters_name_unique').on(t.listId, sql`lower(${t.name})`)],
);

/** The generation expression of revit_families.list_json (its function is migration 0022's). */
const FAMILY_LIST_JSON = `family_list_json(id, name, revit_version, family_version, internal_version, category_id, rating,
  description, tags, file_name, file_hash, file_size, picture_file_name, picture_hash, picture_from_file, omni_class_code,
  revit_category, type_catalog_file_name, type_source, types, parameter_list_id, cost, company_id, downloads, tif_status,
  created_on, last_update)`;

export const revitFamilies = pgTable(
  'revit_families',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    revitVersion: text('revit_version'),
    familyVersion: text('family_version'),
    internalVersion: text('internal_version'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    rating: doublePrecision('rating'),
    description: text('description'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    fileName: text('file_name'),
    fileHash: text('file_hash').references(() => files.hash),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** The stored file version that is current (its file is fileHash). */
    currentVersionId: integer('current_version_id'),
    pictureFileName: text('picture_file_name'),
    pictureHash: text('picture_hash').references(() => files.hash),
    /** True when the picture is the file's own preview (a new file brings a new one). */
    pictureFromFile: boolean('picture_from_file').notNull().default(false),
    omniClassCode: text('omni_class_code'),
    revitCategory: text('revit_category'),
    typeCatalogFileName: text('type_catalog_file_name'),
    /** 'catalog' or 'partAtom': where `types` came from. */
    typeSource: text('type_source'),
    types: jsonb('types').$type<TStoredFamilyType[]>().notNull().default([]),
    /** Lower-case name, description, tags and type names: what search reads (trigram index). */
    searchText: text('search_text').notNull().default(''),
    parameterListId: integer('parameter_list_id').references(() => parameterLists.id, {
      onDelete: 'set null',
    }),
    parameterListCode: text('parameter_list_code'),
    cost: numeric('cost', { precision: 14, scale: 4, mode: 'number' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    downloads: integer('downloads').notNull().default(0),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...tifColumns(),
    ...timestamps(),
    /**
     * The family's list record as JSON text, its own fields only, written by the database whenever
     * the row changes (migration 0022, `family_list_json`): a page of 50 reads 50 texts instead of
     * writing 1,650 values as JSON, half a page's time on the embedded database. The fields that
     * come from other tables (category, company and parameter list names) and the workflow's are
     * read beside it (families.repository.ts). A change to the record's fields is a migration that
     * replaces the function and the column.
     */
    listJson: text('list_json').notNull().generatedAlwaysAs(sql.raw(FAMILY_LIST_JSON)),
  },
  (t) => [
    index('revit_families_name_idx').on(sql`lower(${t.name})`, t.id),
    index('revit_families_category_name_idx').on(t.categoryId, sql`lower(${t.name})`, t.id),
    index('revit_families_company_idx').on(t.companyId),
    // Serves the page total of a category (index-only count) and status filters.
    index('revit_families_tif_category_idx').on(t.tifStatus, t.categoryId),
    index('revit_families_original_idx').on(t.tifOriginalId),
    // Search within a category in one index scan (btree_gin for the category beside the trigrams);
    // a search over every category reads the same index.
    index('revit_families_category_search_idx').using('gin', t.categoryId, sql`${t.searchText} gin_trgm_ops`),
    index('revit_families_tags_idx').using('gin', sql`${t.tags} jsonb_path_ops`),
  ],
);

/**
 * How many families each category, company and status holds (0: none), kept by triggers on
 * revit_families in the transaction that changes them (migration 0009), so the total of a list
 * filtered by nothing else is a sum of a few rows instead of a count of every family.
 */
export const familyCounts = pgTable(
  'family_counts',
  {
    categoryId: integer('category_id').notNull(),
    companyId: integer('company_id').notNull(),
    tifStatus: text('tif_status').notNull(),
    families: bigint('families', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.companyId, t.tifStatus] })],
);

/** A family type as stored: the contract's TFamilyType. */
export type TStoredFamilyType = {
  typeName: string;
  parameters: { name: string; value: string; unit: string | null; dataType: string | null }[];
};

/** Every file a family has had; uploading a new one keeps the earlier ones. */
export const familyVersions = pgTable(
  'family_versions',
  {
    id: serial('id').primaryKey(),
    familyId: integer('family_id')
      .notNull()
      .references(() => revitFamilies.id, { onDelete: 'cascade' }),
    fileHash: text('file_hash')
      .notNull()
      .references(() => files.hash),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    revitVersion: text('revit_version'),
    /** What was read from the file (part atom, version), so making it current again restores them. */
    contents: jsonb('contents').$type<Record<string, unknown>>().notNull(),
    previewHash: text('preview_hash').references(() => files.hash),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_versions_family_idx').on(t.familyId, t.id)],
);

/** A streamed family file waiting for its save (kept a day), by a random id only its uploader knows. */
export const familyUploads = pgTable(
  'family_uploads',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileHash: text('file_hash')
      .notNull()
      .references(() => files.hash),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contents: jsonb('contents').$type<Record<string, unknown>>().notNull(),
    previewHash: text('preview_hash').references(() => files.hash),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_uploads_created_idx').on(t.createdAt)],
);

export const scenarios = pgTable(
  'scenarios',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // No action on delete: a family scenarios use is refused (409 familyInUse), never unlinked.
    revitFamilyId: integer('revit_family_id').references((): AnyPgColumn => revitFamilies.id),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    documentType: text('document_type'),
    pageNumber: text('page_number'),
    detailReference: text('detail_reference'),
    parameterListId: integer('parameter_list_id').references(() => parameterLists.id, {
      onDelete: 'set null',
    }),
    fireRating: text('fire_rating').notNull().default('0'),
    acousticPerformance: text('acoustic_performance'),
    apertureSizeMinWidth: doublePrecision('aperture_size_min_width'),
    apertureSizeMinHeight: doublePrecision('aperture_size_min_height'),
    apertureSizeMaxWidth: doublePrecision('aperture_size_max_width'),
    apertureSizeMaxHeight: doublePrecision('aperture_size_max_height'),
    constructionElement: text('construction_element'),
    constructionMaterialCode: text('construction_material_code'),
    constructionThickness: doublePrecision('construction_thickness'),
    serviceSupport: text('service_support'),
    active: boolean('active').notNull().default(true),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...tifColumns(),
    ...timestamps(),
  },
  (t) => [
    index('scenarios_name_idx').on(sql`lower(${t.name})`),
    index('scenarios_company_idx').on(t.companyId),
    index('scenarios_lookup_idx').on(t.constructionElement, t.constructionMaterialCode),
    // A find by status and activity, within a company or over every one, sorted by name.
    index('scenarios_status_name_idx').on(t.tifStatus, t.active, sql`lower(${t.name})`, t.id),
    index('scenarios_company_status_idx').on(t.companyId, t.tifStatus, t.active),
    index('scenarios_original_idx').on(t.tifOriginalId),
    // How many scenarios use a family (its delete is refused while any do).
    index('scenarios_family_idx').on(t.revitFamilyId),
    index('scenarios_search_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const placementRules = pgTable(
  'placement_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    // No action on delete: a scenario rules use is refused (409 scenarioInUse), never emptied of them.
    scenarioId: integer('scenario_id').references(() => scenarios.id),
    typeCode: text('type_code'),
    materialCode: text('material_code'),
    serviceSizeRangeLow: doublePrecision('service_size_range_low'),
    serviceSizeRangeHigh: doublePrecision('service_size_range_high'),
    closureDeviceSystemType: text('closure_device_system_type'),
    closureDeviceSystemCount: integer('closure_device_system_count'),
    closureDeviceSystemThickness: doublePrecision('closure_device_system_thickness'),
    additionalInsulationTypeCode: text('additional_insulation_type_code'),
    additionalInsulationThickness: doublePrecision('additional_insulation_thickness'),
    active: boolean('active').notNull().default(true),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...tifColumns(),
    ...timestamps(),
  },
  (t) => [
    index('placement_rules_scenario_idx').on(t.scenarioId),
    // The lookup (diKeeperGet): type and material, the size range checked inside the index. Open
    // bounds are kept as -/+infinity, so each of the lookup's OR branches is one index range.
    index('placement_rules_lookup_idx').on(
      t.typeCode,
      t.materialCode,
      sql`coalesce(${t.serviceSizeRangeLow}, '-infinity'::float8)`,
      sql`coalesce(${t.serviceSizeRangeHigh}, 'infinity'::float8)`,
    ),
    index('placement_rules_company_idx').on(t.companyId),
    // A find by status and activity, within a company or over every one, sorted by name.
    index('placement_rules_status_name_idx').on(t.tifStatus, t.active, sql`lower(${t.name})`, t.id),
    index('placement_rules_company_status_idx').on(t.companyId, t.tifStatus, t.active),
    index('placement_rules_original_idx').on(t.tifOriginalId),
    index('placement_rules_search_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const priceLists = pgTable(
  'price_lists',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    measurementSystemId: integer('measurement_system_id'),
    materialId: integer('material_id'),
    componentTypeId: integer('component_type_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    isPartList: boolean('is_part_list').notNull().default(false),
    isDefaultList: boolean('is_default_list').notNull().default(false),
    isTemplateList: boolean('is_template_list').notNull().default(false),
  },
  (t) => [
    uniqueIndex('price_lists_code_unique').on(sql`lower(${t.code})`),
    index('price_lists_company_idx').on(t.companyId),
  ],
);

const refValue = (n: number) => doublePrecision(`ref_value${n}`);

export const priceItems = pgTable(
  'price_items',
  {
    id: serial('id').primaryKey(),
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull(),
    description: text('description'),
    information: text('information'),
    value: numeric('value', { precision: 14, scale: 4, mode: 'number' }).notNull().default(0),
    refValue1: refValue(1),
    refValue2: refValue(2),
    refValue3: refValue(3),
    refValue4: refValue(4),
    refValue5: refValue(5),
    refValue6: refValue(6),
    refValue7: refValue(7),
    refValue8: refValue(8),
    refValue9: refValue(9),
    kFactor: doublePrecision('k_factor'),
    refValuesCanBeConverted: boolean('ref_values_can_be_converted').notNull().default(false),
    reference: text('reference'),
    perUnitId: integer('per_unit_id'),
    measurementUnitId: integer('measurement_unit_id'),
    currencyId: integer('currency_id'),
  },
  (t) => [uniqueIndex('price_items_order_unique').on(t.priceListId, t.orderNumber)],
);
