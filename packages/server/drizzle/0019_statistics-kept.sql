CREATE TABLE "statistics_kept" (
	"scope" text NOT NULL,
	"time_zone" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"days" jsonb NOT NULL,
	"users" integer[] DEFAULT '{}' NOT NULL,
	"family_ids" integer[] DEFAULT '{}' NOT NULL,
	"family_downloads" integer[] DEFAULT '{}' NOT NULL,
	"company_ids" integer[] DEFAULT '{}' NOT NULL,
	"company_downloads" integer[] DEFAULT '{}' NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statistics_kept_scope_time_zone_first_day_last_day_pk" PRIMARY KEY("scope","time_zone","first_day","last_day")
);
--> statement-breakpoint
CREATE INDEX "statistics_kept_days_idx" ON "statistics_kept" USING btree ("first_day","last_day");--> statement-breakpoint
CREATE INDEX "statistics_kept_computed_idx" ON "statistics_kept" USING btree ("computed_at");--> statement-breakpoint
-- A kept span holds only days that ended an hour (KEPT_MARGIN) before it was computed, so a row
-- recorded now never touches one: only rows dated more than an hour back (seeded, imported, or of a
-- transaction open that long) fire this, and forget every span whose days the row's instant can
-- fall on in any zone (its UTC date, one day either side). The condition is read per row, so the
-- requests that record activity pay nothing for it.
CREATE FUNCTION "statistics_kept_forget_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    DELETE FROM "statistics_kept"
      WHERE "first_day" <= (NEW."at" AT TIME ZONE 'UTC')::date + 1
        AND "last_day" >= (NEW."at" AT TIME ZONE 'UTC')::date - 1;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "statistics_kept"
      WHERE "first_day" <= (OLD."at" AT TIME ZONE 'UTC')::date + 1
        AND "last_day" >= (OLD."at" AT TIME ZONE 'UTC')::date - 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rows deleted (the retention sweep, in batches of consecutive old rows, so of a day or two): the
-- spans touching any of their days.
CREATE FUNCTION "statistics_kept_forget_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "statistics_kept" k
    USING (SELECT DISTINCT ("at" AT TIME ZONE 'UTC')::date AS "day" FROM "deleted_activity") g
    WHERE k."first_day" <= g."day" + 1 AND k."last_day" >= g."day" - 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "statistics_kept_forget_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "statistics_kept";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "statistics_kept_backdated" AFTER INSERT ON "activity"
  FOR EACH ROW WHEN (NEW."at" < clock_timestamp() - interval '1 hour')
  EXECUTE FUNCTION "statistics_kept_forget_row"();--> statement-breakpoint
CREATE TRIGGER "statistics_kept_changed" AFTER UPDATE ON "activity"
  FOR EACH ROW EXECUTE FUNCTION "statistics_kept_forget_row"();--> statement-breakpoint
CREATE TRIGGER "statistics_kept_deleted" AFTER DELETE ON "activity"
  REFERENCING OLD TABLE AS "deleted_activity" FOR EACH STATEMENT
  EXECUTE FUNCTION "statistics_kept_forget_deleted"();--> statement-breakpoint
CREATE TRIGGER "statistics_kept_truncated" AFTER TRUNCATE ON "activity"
  FOR EACH STATEMENT EXECUTE FUNCTION "statistics_kept_forget_all"();
