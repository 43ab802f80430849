CREATE TABLE "file_thumbnails" (
	"source_hash" text PRIMARY KEY NOT NULL,
	"thumbnail_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"contents" jsonb NOT NULL,
	"preview_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"family_id" integer NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"revit_version" text,
	"contents" jsonb NOT NULL,
	"preview_hash" text,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "revit_families" DROP CONSTRAINT "revit_families_category_id_categories_id_fk";
--> statement-breakpoint
DROP INDEX "revit_families_category_idx";--> statement-breakpoint
DROP INDEX "revit_families_name_idx";--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "current_version_id" integer;--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "picture_from_file" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "omni_class_code" text;--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "revit_category" text;--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "type_catalog_file_name" text;--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "type_source" text;--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "types" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "parameter_list_code" text;--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "downloads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "revit_families" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "file_thumbnails" ADD CONSTRAINT "file_thumbnails_source_hash_files_hash_fk" FOREIGN KEY ("source_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_thumbnails" ADD CONSTRAINT "file_thumbnails_thumbnail_hash_files_hash_fk" FOREIGN KEY ("thumbnail_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_uploads" ADD CONSTRAINT "family_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_uploads" ADD CONSTRAINT "family_uploads_file_hash_files_hash_fk" FOREIGN KEY ("file_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_uploads" ADD CONSTRAINT "family_uploads_preview_hash_files_hash_fk" FOREIGN KEY ("preview_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_versions" ADD CONSTRAINT "family_versions_family_id_revit_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."revit_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_versions" ADD CONSTRAINT "family_versions_file_hash_files_hash_fk" FOREIGN KEY ("file_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_versions" ADD CONSTRAINT "family_versions_preview_hash_files_hash_fk" FOREIGN KEY ("preview_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_versions" ADD CONSTRAINT "family_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_uploads_created_idx" ON "family_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "family_versions_family_idx" ON "family_versions" USING btree ("family_id","id");--> statement-breakpoint
ALTER TABLE "revit_families" ADD CONSTRAINT "revit_families_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revit_families" ADD CONSTRAINT "revit_families_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revit_families_category_name_idx" ON "revit_families" USING btree ("category_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "revit_families_original_idx" ON "revit_families" USING btree ("tif_original_id");--> statement-breakpoint
CREATE INDEX "revit_families_search_trgm_idx" ON "revit_families" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "revit_families_tags_idx" ON "revit_families" USING gin ("tags" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "revit_families_name_idx" ON "revit_families" USING btree (lower("name"),"id");