ALTER TABLE "placement_rules" DROP CONSTRAINT "placement_rules_scenario_id_scenarios_id_fk";
--> statement-breakpoint
ALTER TABLE "scenarios" DROP CONSTRAINT "scenarios_revit_family_id_revit_families_id_fk";
--> statement-breakpoint
ALTER TABLE "placement_rules" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "scenarios" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "placement_rules" ADD CONSTRAINT "placement_rules_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_rules" ADD CONSTRAINT "placement_rules_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenarios" ADD CONSTRAINT "scenarios_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenarios" ADD CONSTRAINT "scenarios_revit_family_id_revit_families_id_fk" FOREIGN KEY ("revit_family_id") REFERENCES "public"."revit_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "placement_rules_status_name_idx" ON "placement_rules" USING btree ("tif_status","active",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "placement_rules_company_status_idx" ON "placement_rules" USING btree ("company_id","tif_status","active");--> statement-breakpoint
CREATE INDEX "placement_rules_original_idx" ON "placement_rules" USING btree ("tif_original_id");--> statement-breakpoint
CREATE INDEX "placement_rules_search_idx" ON "placement_rules" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "scenarios_status_name_idx" ON "scenarios" USING btree ("tif_status","active",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "scenarios_company_status_idx" ON "scenarios" USING btree ("company_id","tif_status","active");--> statement-breakpoint
CREATE INDEX "scenarios_original_idx" ON "scenarios" USING btree ("tif_original_id");--> statement-breakpoint
CREATE INDEX "scenarios_family_idx" ON "scenarios" USING btree ("revit_family_id");--> statement-breakpoint
CREATE INDEX "scenarios_search_idx" ON "scenarios" USING gin (lower("name") gin_trgm_ops);