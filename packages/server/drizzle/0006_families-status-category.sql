DROP INDEX "revit_families_tif_idx";--> statement-breakpoint
CREATE INDEX "revit_families_tif_category_idx" ON "revit_families" USING btree ("tif_status","category_id");