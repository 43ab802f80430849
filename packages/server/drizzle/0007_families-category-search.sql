CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "revit_families_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "revit_families_category_search_idx" ON "revit_families" USING gin ("category_id","search_text" gin_trgm_ops);
