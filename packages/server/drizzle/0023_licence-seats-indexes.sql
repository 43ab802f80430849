-- Issue 27: a licence's seats counted from its own users (licences.repository.ts seatsUsed), which
-- `me` asks for: before, every user of the portal was read for each licensed caller.
CREATE INDEX "companies_license_idx" ON "companies" USING btree ("license_id") WHERE "companies"."license_id" is not null;--> statement-breakpoint
CREATE INDEX "users_license_idx" ON "users" USING btree ("license_id") WHERE "users"."license_id" is not null;
