DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(login || ' ' || first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(company_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "users_login_id_idx" ON "users" USING btree ("login","id");--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);