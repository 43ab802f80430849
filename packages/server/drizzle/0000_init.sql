CREATE TABLE "files" (
	"hash" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text,
	"region" text,
	"zip_code" text,
	"country" text,
	"url" text,
	"contact_name" text,
	"phone" text,
	"fax" text,
	"email" text,
	"parent_id" integer,
	"logo_file_name" text,
	"logo_hash" text,
	"company_parameters" jsonb,
	"global_parameters" jsonb,
	"license_id" integer,
	"terms_id" integer,
	"use_parent_branding" boolean DEFAULT true NOT NULL,
	"default_measurement_system_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"is_partner" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"last_update" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text,
	"description" text,
	"valid_until" timestamp with time zone,
	"max_users" integer DEFAULT 1 NOT NULL,
	"account_manager" text,
	"status" text,
	"active" boolean DEFAULT true NOT NULL,
	"claims" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_check" boolean,
	"valid_check_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"url" text,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role_id" integer NOT NULL,
	"area" text NOT NULL,
	"can_create" boolean DEFAULT false NOT NULL,
	"can_read" boolean DEFAULT false NOT NULL,
	"can_update" boolean DEFAULT false NOT NULL,
	"can_delete" boolean DEFAULT false NOT NULL,
	CONSTRAINT "role_permissions_role_id_area_pk" PRIMARY KEY("role_id","area")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company_name" text,
	"company_id" integer,
	"last_login" timestamp with time zone,
	"join_date" timestamp with time zone DEFAULT now() NOT NULL,
	"registration_completed" boolean DEFAULT false NOT NULL,
	"license_id" integer,
	"license_acceptance_date" timestamp with time zone,
	"terms_id" integer,
	"photo_file_name" text,
	"photo_hash" text,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"mfa_secret" text,
	"mfa_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"detail" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"selfcare" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"picture_file_name" text,
	"picture_hash" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"revit_family_id" integer,
	"user_id" integer,
	"company_id" integer
);
--> statement-breakpoint
CREATE TABLE "generic_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"code" text NOT NULL,
	"value" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generic_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameter_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"company_id" integer,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "parameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"name" text NOT NULL,
	"value" text,
	"value_type" text DEFAULT 'text' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"read_only" boolean DEFAULT false NOT NULL,
	"measurement_unit_id" integer
);
--> statement-breakpoint
CREATE TABLE "placement_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scenario_id" integer,
	"type_code" text,
	"material_code" text,
	"service_size_range_low" double precision,
	"service_size_range_high" double precision,
	"closure_device_system_type" text,
	"closure_device_system_count" integer,
	"closure_device_system_thickness" double precision,
	"additional_insulation_type_code" text,
	"additional_insulation_thickness" double precision,
	"active" boolean DEFAULT true NOT NULL,
	"company_id" integer,
	"tif_status" text DEFAULT 'A' NOT NULL,
	"tif_action" text,
	"tif_original_id" integer,
	"tif_temp_id" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_list_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"description" text,
	"information" text,
	"value" numeric(14, 4) DEFAULT 0 NOT NULL,
	"ref_value1" double precision,
	"ref_value2" double precision,
	"ref_value3" double precision,
	"ref_value4" double precision,
	"ref_value5" double precision,
	"ref_value6" double precision,
	"ref_value7" double precision,
	"ref_value8" double precision,
	"ref_value9" double precision,
	"k_factor" double precision,
	"ref_values_can_be_converted" boolean DEFAULT false NOT NULL,
	"reference" text,
	"per_unit_id" integer,
	"measurement_unit_id" integer,
	"currency_id" integer
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"company_id" integer,
	"measurement_system_id" integer,
	"material_id" integer,
	"component_type_id" integer,
	"user_id" integer,
	"is_part_list" boolean DEFAULT false NOT NULL,
	"is_default_list" boolean DEFAULT false NOT NULL,
	"is_template_list" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revit_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"revit_version" text,
	"family_version" text,
	"internal_version" text,
	"category_id" integer,
	"rating" double precision,
	"description" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_name" text,
	"file_hash" text,
	"picture_file_name" text,
	"picture_hash" text,
	"parameter_list_id" integer,
	"cost" numeric(14, 4),
	"company_id" integer,
	"tif_status" text DEFAULT 'A' NOT NULL,
	"tif_action" text,
	"tif_original_id" integer,
	"tif_temp_id" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scenarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"revit_family_id" integer,
	"company_id" integer,
	"document_type" text,
	"page_number" text,
	"detail_reference" text,
	"parameter_list_id" integer,
	"fire_rating" text DEFAULT '0' NOT NULL,
	"acoustic_performance" text,
	"aperture_size_min_width" double precision,
	"aperture_size_min_height" double precision,
	"aperture_size_max_width" double precision,
	"aperture_size_max_height" double precision,
	"construction_element" text,
	"construction_material_code" text,
	"construction_thickness" double precision,
	"service_support" text,
	"active" boolean DEFAULT true NOT NULL,
	"tif_status" text DEFAULT 'A' NOT NULL,
	"tif_action" text,
	"tif_original_id" integer,
	"tif_temp_id" integer,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"last_update" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_parent_id_companies_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_logo_hash_files_hash_fk" FOREIGN KEY ("logo_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_terms_id_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_permissions" ADD CONSTRAINT "role_permissions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_terms_id_terms_id_fk" FOREIGN KEY ("terms_id") REFERENCES "public"."terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_photo_hash_files_hash_fk" FOREIGN KEY ("photo_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_picture_hash_files_hash_fk" FOREIGN KEY ("picture_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_events" ADD CONSTRAINT "download_events_revit_family_id_revit_families_id_fk" FOREIGN KEY ("revit_family_id") REFERENCES "public"."revit_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_events" ADD CONSTRAINT "download_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_events" ADD CONSTRAINT "download_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generic_list_items" ADD CONSTRAINT "generic_list_items_list_id_generic_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."generic_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameter_lists" ADD CONSTRAINT "parameter_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameter_lists" ADD CONSTRAINT "parameter_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_list_id_parameter_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."parameter_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_rules" ADD CONSTRAINT "placement_rules_scenario_id_scenarios_id_fk" FOREIGN KEY ("scenario_id") REFERENCES "public"."scenarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_rules" ADD CONSTRAINT "placement_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revit_families" ADD CONSTRAINT "revit_families_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revit_families" ADD CONSTRAINT "revit_families_file_hash_files_hash_fk" FOREIGN KEY ("file_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revit_families" ADD CONSTRAINT "revit_families_picture_hash_files_hash_fk" FOREIGN KEY ("picture_hash") REFERENCES "public"."files"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revit_families" ADD CONSTRAINT "revit_families_parameter_list_id_parameter_lists_id_fk" FOREIGN KEY ("parameter_list_id") REFERENCES "public"."parameter_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revit_families" ADD CONSTRAINT "revit_families_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenarios" ADD CONSTRAINT "scenarios_revit_family_id_revit_families_id_fk" FOREIGN KEY ("revit_family_id") REFERENCES "public"."revit_families"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenarios" ADD CONSTRAINT "scenarios_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scenarios" ADD CONSTRAINT "scenarios_parameter_list_id_parameter_lists_id_fk" FOREIGN KEY ("parameter_list_id") REFERENCES "public"."parameter_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_unique" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "companies_parent_idx" ON "companies" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_code_unique" ON "licenses" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "terms_company_idx" ON "terms" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_unique" ON "users" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "one_time_tokens_user_idx" ON "one_time_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_unique" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "download_events_at_idx" ON "download_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "download_events_family_idx" ON "download_events" USING btree ("revit_family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "generic_list_items_code_unique" ON "generic_list_items" USING btree ("list_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "generic_lists_code_unique" ON "generic_lists" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "parameter_lists_code_unique" ON "parameter_lists" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "parameter_lists_company_idx" ON "parameter_lists" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "parameters_name_unique" ON "parameters" USING btree ("list_id",lower("name"));--> statement-breakpoint
CREATE INDEX "placement_rules_scenario_idx" ON "placement_rules" USING btree ("scenario_id");--> statement-breakpoint
CREATE INDEX "placement_rules_lookup_idx" ON "placement_rules" USING btree ("type_code","material_code");--> statement-breakpoint
CREATE INDEX "placement_rules_company_idx" ON "placement_rules" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_items_order_unique" ON "price_items" USING btree ("price_list_id","order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "price_lists_code_unique" ON "price_lists" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "price_lists_company_idx" ON "price_lists" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "revit_families_name_idx" ON "revit_families" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "revit_families_category_idx" ON "revit_families" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "revit_families_company_idx" ON "revit_families" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "revit_families_tif_idx" ON "revit_families" USING btree ("tif_status");--> statement-breakpoint
CREATE INDEX "scenarios_name_idx" ON "scenarios" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "scenarios_company_idx" ON "scenarios" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "scenarios_lookup_idx" ON "scenarios" USING btree ("construction_element","construction_material_code");