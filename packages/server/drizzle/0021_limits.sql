-- Issue 26: the rate limits' windows and the spent single-use keys (the bot check's challenges)
-- on a PostgreSQL server, shared by every instance (lib/limit-store.ts, modules/limits). Keys are
-- 128 bits of a SHA-256, never an address or a login in clear. With PGlite (one process) both stay
-- in memory and these tables stay empty.
CREATE TABLE "limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
