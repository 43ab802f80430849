CREATE TABLE "family_counts" (
	"category_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"tif_status" text NOT NULL,
	"families" bigint NOT NULL,
	CONSTRAINT "family_counts_category_id_company_id_tif_status_pk" PRIMARY KEY("category_id","company_id","tif_status")
);
--> statement-breakpoint
-- As user_counts (0008): each change to revit_families moves the counts in the same transaction,
-- rows added in key order so concurrent statements take the counts' row locks in one order.
CREATE FUNCTION "family_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "family_counts" ("category_id", "company_id", "tif_status", "families")
    SELECT coalesce("category_id", 0), coalesce("company_id", 0), "tif_status", count(*)
    FROM "added_families" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("category_id", "company_id", "tif_status")
    DO UPDATE SET "families" = "family_counts"."families" + excluded."families";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "family_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "family_counts" SET "families" = "family_counts"."families" - removed."families"
    FROM (SELECT coalesce("category_id", 0) AS "category_id", coalesce("company_id", 0) AS "company_id",
                 "tif_status", count(*) AS "families"
          FROM "removed_families" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3) removed
    WHERE ("family_counts"."category_id", "family_counts"."company_id", "family_counts"."tif_status")
        = (removed."category_id", removed."company_id", removed."tif_status");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "family_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "family_counts" SET "families" = "families" - 1
    WHERE ("category_id", "company_id", "tif_status")
        = (coalesce(OLD."category_id", 0), coalesce(OLD."company_id", 0), OLD."tif_status");
  INSERT INTO "family_counts" ("category_id", "company_id", "tif_status", "families")
    VALUES (coalesce(NEW."category_id", 0), coalesce(NEW."company_id", 0), NEW."tif_status", 1)
  ON CONFLICT ("category_id", "company_id", "tif_status")
    DO UPDATE SET "families" = "family_counts"."families" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "family_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "family_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "family_counts_insert" AFTER INSERT ON "revit_families"
  REFERENCING NEW TABLE AS "added_families" FOR EACH STATEMENT EXECUTE FUNCTION "family_counts_add"();--> statement-breakpoint
CREATE TRIGGER "family_counts_delete" AFTER DELETE ON "revit_families"
  REFERENCING OLD TABLE AS "removed_families" FOR EACH STATEMENT EXECUTE FUNCTION "family_counts_remove"();--> statement-breakpoint
CREATE TRIGGER "family_counts_update" AFTER UPDATE OF "category_id", "company_id", "tif_status" ON "revit_families"
  FOR EACH ROW WHEN ((OLD."category_id", OLD."company_id", OLD."tif_status")
    IS DISTINCT FROM (NEW."category_id", NEW."company_id", NEW."tif_status"))
  EXECUTE FUNCTION "family_counts_move"();--> statement-breakpoint
CREATE TRIGGER "family_counts_truncate" AFTER TRUNCATE ON "revit_families"
  FOR EACH STATEMENT EXECUTE FUNCTION "family_counts_clear"();--> statement-breakpoint
INSERT INTO "family_counts" ("category_id", "company_id", "tif_status", "families")
  SELECT coalesce("category_id", 0), coalesce("company_id", 0), "tif_status", count(*)
  FROM "revit_families" GROUP BY 1, 2, 3;
