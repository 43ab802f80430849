DROP TABLE "audit_log" CASCADE;--> statement-breakpoint
DROP TABLE "download_events" CASCADE;