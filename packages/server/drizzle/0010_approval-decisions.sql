CREATE TABLE "approval_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"original_id" integer,
	"result_id" integer,
	"request_kind" text NOT NULL,
	"action" text NOT NULL,
	"effect" text NOT NULL,
	"record_name" text NOT NULL,
	"company_id" integer,
	"reason" text,
	"comment" text,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_decisions_record_idx" ON "approval_decisions" USING btree ("record_kind","record_id");--> statement-breakpoint
CREATE INDEX "approval_decisions_original_idx" ON "approval_decisions" USING btree ("record_kind","original_id");--> statement-breakpoint
CREATE INDEX "approval_decisions_company_idx" ON "approval_decisions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "approval_decisions_decided_idx" ON "approval_decisions" USING btree ("decided_at");