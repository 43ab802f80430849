-- Issue 27: a family's list record (its own fields, under the API's names) kept as JSON text in
-- the row, written by the database whenever the row changes, so a page of families reads 50 texts
-- instead of writing every value of every record as JSON (in the embedded database, half of a
-- page's time). The fields from other tables (the category's, company's and parameter list's
-- names) and the workflow's are read beside it (modules/families/families.repository.ts).
-- The function is IMMUTABLE, as a generated column needs: its output depends on its arguments
-- only (moments written in UTC with a fixed pattern, no locale-dependent pattern).
-- A change to the record's fields replaces this function and the column in a new migration.
CREATE FUNCTION family_list_json(
  id integer, name text, revit_version text, family_version text, internal_version text,
  category_id integer, rating double precision, description text, tags jsonb, file_name text,
  file_hash text, file_size bigint, picture_file_name text, picture_hash text,
  picture_from_file boolean, omni_class_code text, revit_category text,
  type_catalog_file_name text, type_source text, types jsonb, parameter_list_id integer,
  cost numeric, company_id integer, downloads integer, tif_status text,
  created_on timestamp with time zone, last_update timestamp with time zone
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select row_to_json(x)::text from (select
    id as "revitFamilyId",
    name as "revitFamilyName",
    revit_version as "revitVersion",
    family_version as "revitFamilyVersion",
    internal_version as "revitFamilyInternalVersion",
    category_id as "revitFamilyCategoryId",
    rating as "revitFamilyRating",
    description as "revitFamilyDescription",
    tags as "revitFamilyTags",
    file_name as "revitFamilyFileName",
    file_hash as "revitFamilyFileHash",
    file_size as "revitFamilyFileSize",
    picture_file_name as "revitFamilyPictureFileName",
    picture_hash as "revitFamilyPictureHash",
    picture_from_file as "pictureFromFile",
    omni_class_code as "omniClassCode",
    revit_category as "revitCategory",
    type_catalog_file_name as "typeCatalogFileName",
    case when type_source in ('catalog', 'partAtom') then type_source end as "typeSource",
    jsonb_array_length(types) as "typeCount",
    parameter_list_id as "parameterListId",
    trim_scale(cost) as "cost",
    company_id as "companyId",
    downloads as "downloads",
    tif_status as "tifStatus",
    to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdOn",
    to_char(last_update at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastUpdate"
  ) x
$$;
--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "list_json" text GENERATED ALWAYS AS (family_list_json(id, name, revit_version, family_version, internal_version, category_id, rating,
  description, tags, file_name, file_hash, file_size, picture_file_name, picture_hash, picture_from_file, omni_class_code,
  revit_category, type_catalog_file_name, type_source, types, parameter_list_id, cost, company_id, downloads, tif_status,
  created_on, last_update)) STORED NOT NULL;
--> statement-breakpoint
-- Kept in the row uncompressed where it fits: the other long fields are compressed first.
ALTER TABLE "revit_families" ALTER COLUMN "list_json" SET STORAGE MAIN;
