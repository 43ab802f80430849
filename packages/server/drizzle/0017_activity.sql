CREATE TABLE "activity" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"owner_company_id" integer,
	"record_type" text,
	"record_id" text,
	"changes" jsonb,
	"detail" jsonb,
	"ip" text
);
--> statement-breakpoint
-- The audit rows and the download events of before move in, under the kinds of the activity log.
INSERT INTO "activity" ("at", "kind", "user_id", "company_id", "record_type", "record_id", "detail", "ip")
SELECT "at",
	CASE
		WHEN "action" LIKE 'license.%' THEN 'licence.' || substr("action", 9)
		WHEN "action" LIKE 'parameterlist.%' THEN 'parameterList.' || substr("action", 15)
		WHEN "action" LIKE 'pricelist.%' THEN 'priceList.' || substr("action", 11)
		WHEN "action" IN ('role.created', 'user.created') THEN split_part("action", '.', 1) || '.create'
		WHEN "action" IN ('role.updated', 'user.updated') THEN split_part("action", '.', 1) || '.update'
		WHEN "action" IN ('role.deleted', 'user.deleted') THEN split_part("action", '.', 1) || '.delete'
		WHEN "action" = 'apiToken.revoke' THEN 'apiToken.delete'
		ELSE "action"
	END,
	"user_id", "company_id",
	CASE "target_type"
		WHEN 'license' THEN 'licence'
		WHEN 'parameterlist' THEN 'parameterList'
		WHEN 'pricelist' THEN 'priceList'
		ELSE "target_type"
	END,
	"target_id", "detail", "ip"
FROM "audit_log" ORDER BY "id";
--> statement-breakpoint
INSERT INTO "activity" ("at", "kind", "user_id", "company_id", "owner_company_id", "record_type", "record_id")
SELECT e."at", 'family.download', e."user_id", e."company_id", f."company_id", 'family', e."revit_family_id"::text
FROM "download_events" e LEFT JOIN "revit_families" f ON f."id" = e."revit_family_id" ORDER BY e."id";
--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "activity" USING btree ("at");--> statement-breakpoint
CREATE INDEX "activity_company_at_idx" ON "activity" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "activity_owner_at_idx" ON "activity" USING btree ("owner_company_id","at");--> statement-breakpoint
CREATE INDEX "activity_kind_at_idx" ON "activity" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "activity_record_idx" ON "activity" USING btree ("record_type","record_id","at");