CREATE TABLE "user_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"users" bigint NOT NULL
);
--> statement-breakpoint
-- Each change to users moves the counts in the same transaction. Rows are added in company order,
-- so two statements adding users to the same companies take the counts' row locks in one order.
CREATE FUNCTION "user_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_counts" ("company_id", "users")
    SELECT coalesce("company_id", 0), count(*) FROM "added_users" GROUP BY 1 ORDER BY 1
  ON CONFLICT ("company_id") DO UPDATE SET "users" = "user_counts"."users" + excluded."users";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "user_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_counts" SET "users" = "user_counts"."users" - removed."users"
    FROM (SELECT coalesce("company_id", 0) AS "company_id", count(*) AS "users"
          FROM "removed_users" GROUP BY 1 ORDER BY 1) removed
    WHERE "user_counts"."company_id" = removed."company_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "user_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "user_counts" SET "users" = "users" - 1 WHERE "company_id" = coalesce(OLD."company_id", 0);
  INSERT INTO "user_counts" ("company_id", "users") VALUES (coalesce(NEW."company_id", 0), 1)
  ON CONFLICT ("company_id") DO UPDATE SET "users" = "user_counts"."users" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "user_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "user_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_counts_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "added_users" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_add"();--> statement-breakpoint
CREATE TRIGGER "user_counts_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "removed_users" FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_remove"();--> statement-breakpoint
CREATE TRIGGER "user_counts_update" AFTER UPDATE OF "company_id" ON "users"
  FOR EACH ROW WHEN (OLD."company_id" IS DISTINCT FROM NEW."company_id") EXECUTE FUNCTION "user_counts_move"();--> statement-breakpoint
CREATE TRIGGER "user_counts_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "user_counts_clear"();--> statement-breakpoint
INSERT INTO "user_counts" ("company_id", "users")
  SELECT coalesce("company_id", 0), count(*) FROM "users" GROUP BY 1;
