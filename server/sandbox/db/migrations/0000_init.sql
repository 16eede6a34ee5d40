CREATE TABLE "app_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_other" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"country_code" text NOT NULL,
	"app_type" integer NOT NULL,
	"app_level" integer DEFAULT 1 NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"is_price_required" boolean DEFAULT false NOT NULL,
	"is_pre_approval_required" boolean DEFAULT true NOT NULL,
	"api_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_marketplace" (
	"app_version_id" uuid PRIMARY KEY NOT NULL,
	"app_url" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"features" text DEFAULT '' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"support_url" text DEFAULT '' NOT NULL,
	"website_url" text DEFAULT '' NOT NULL,
	"documentation_url" text DEFAULT '' NOT NULL,
	"copyright" text DEFAULT '' NOT NULL,
	"privacy_policy" text DEFAULT '' NOT NULL,
	"privacy_policy_url" text DEFAULT '' NOT NULL,
	"terms_of_service" text DEFAULT '' NOT NULL,
	"terms_of_service_url" text DEFAULT '' NOT NULL,
	"youtube_url" text DEFAULT '' NOT NULL,
	"visibility" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_marketplace_images" (
	"app_version_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "app_marketplace_images_app_version_id_kind_position_pk" PRIMARY KEY("app_version_id","kind","position")
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"version_major" integer DEFAULT 1 NOT NULL,
	"version_minor" integer DEFAULT 0 NOT NULL,
	"status_code" integer DEFAULT 0 NOT NULL,
	"api_key" text NOT NULL,
	"secret_key" text NOT NULL,
	"token" text NOT NULL,
	"country_code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"app_type" integer NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by_id" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"went_live_at" timestamp with time zone,
	"stopped_live_at" timestamp with time zone,
	"live_submission_rejected" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"is_live" boolean NOT NULL,
	"is_app_live" boolean NOT NULL,
	"secret" text NOT NULL,
	"public_api_key" text NOT NULL,
	"private_api_key" text NOT NULL,
	"routes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"redirect_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offline_access" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_details" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"account_name" text NOT NULL,
	"bsb" text NOT NULL,
	"account_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"entity_type" integer DEFAULT 0 NOT NULL,
	"integrator_type" integer DEFAULT 0 NOT NULL,
	"has_awaiting_submission" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_detail_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"submitted_by_id" uuid,
	"entity_information" jsonb NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"review_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company_entities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"country_id" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"company_name" text NOT NULL,
	"icon_file_id" uuid,
	"phone_number" text DEFAULT '' NOT NULL,
	"address_line1" text DEFAULT '' NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"address_line3" text DEFAULT '' NOT NULL,
	"city_town" text DEFAULT '' NOT NULL,
	"zip_post_code" text DEFAULT '' NOT NULL,
	"state_county" text DEFAULT '' NOT NULL,
	"profile" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"social_presence" text DEFAULT '' NOT NULL,
	"support_url" text DEFAULT '' NOT NULL,
	"terms_url" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"currency_symbol" text NOT NULL,
	"phone_code" text NOT NULL,
	"locale_code" text NOT NULL,
	"display_language" text NOT NULL,
	"region_code" integer NOT NULL,
	"selectable" boolean DEFAULT true NOT NULL,
	"resource_country_code" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_attestations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_version_id" uuid NOT NULL,
	"purpose_of_data_usage" text NOT NULL,
	"outline_data_usage" text NOT NULL,
	"data_subjects" text NOT NULL,
	"frequency_of_sync" text NOT NULL,
	"third_party_disclosure" text NOT NULL,
	"data_retention" text NOT NULL,
	"data_flow_diagram_file_id" uuid,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_attestations_app_version_id_unique" UNIQUE("app_version_id")
);
--> statement-breakpoint
CREATE TABLE "desktop_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"country" text NOT NULL,
	"version_number" text NOT NULL,
	"is_staging" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desktop_versions" (
	"version" text PRIMARY KEY NOT NULL,
	"is_minimum" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "environments" (
	"id" integer PRIMARY KEY NOT NULL,
	"env_type" text NOT NULL,
	"country_code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"country_code" text NOT NULL,
	"flag" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "feature_flags_country_code_flag_pk" PRIMARY KEY("country_code","flag")
);
--> statement-breakpoint
CREATE TABLE "feature_toggles" (
	"name" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"value" text
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"uploaded_by_id" uuid,
	"kind" text NOT NULL,
	"entity_id" text,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"storage_key" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_configurations" (
	"instance_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"app_status_code" integer DEFAULT 200 NOT NULL,
	"app_endpoint" text DEFAULT 'LIVE' NOT NULL,
	CONSTRAINT "instance_configurations_instance_id_group_id_pk" PRIMARY KEY("instance_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"username" text NOT NULL,
	"env_country_code" text NOT NULL,
	"env_type" text NOT NULL,
	"firm_id" text NOT NULL,
	"user_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"firm_type" integer DEFAULT 1 NOT NULL,
	"include_other_providers" boolean DEFAULT false NOT NULL,
	"apply_to_all_users" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"link" text,
	"kind" text NOT NULL,
	"company_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "matter_types" (
	"id" text PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"parent_id" text,
	"states" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shortcut_id" text,
	"firm_type" integer,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"model" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"operation_id" text PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"level" text NOT NULL,
	"description" text NOT NULL,
	"access_group" text NOT NULL,
	"permission_group" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_locations" (
	"id" text NOT NULL,
	"country_code" text NOT NULL,
	"platform" integer NOT NULL,
	"kind" text NOT NULL,
	"view_type" text,
	"name" text NOT NULL,
	"integrator_type" integer DEFAULT 0 NOT NULL,
	"allow_buttons" boolean DEFAULT false NOT NULL,
	"allow_context_at_root" boolean DEFAULT false NOT NULL,
	"allow_context_menu" boolean DEFAULT false NOT NULL,
	"allow_definable_table_app" boolean DEFAULT false NOT NULL,
	"allow_secondary_tab_buttons" boolean DEFAULT false NOT NULL,
	"is_custom_view" boolean DEFAULT false NOT NULL,
	"is_precedent_list_view" boolean DEFAULT false NOT NULL,
	"grids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "platform_locations_country_code_platform_id_pk" PRIMARY KEY("country_code","platform","id")
);
--> statement-breakpoint
CREATE TABLE "platform_schemas" (
	"app_version_id" uuid NOT NULL,
	"platform" integer NOT NULL,
	"document" jsonb NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_schemas_app_version_id_platform_pk" PRIMARY KEY("app_version_id","platform")
);
--> statement-breakpoint
CREATE TABLE "pre_approval_documents" (
	"pre_approval_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "pre_approval_documents_pre_approval_id_file_id_pk" PRIMARY KEY("pre_approval_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "pre_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"version_major_id" uuid NOT NULL,
	"version_major" integer NOT NULL,
	"status" integer DEFAULT 10 NOT NULL,
	"is_withdrawn" boolean DEFAULT false NOT NULL,
	"submission_notes" text NOT NULL,
	"submitted_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"review_notes" text
);
--> statement-breakpoint
CREATE TABLE "precedents" (
	"precedent_id" text PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" text,
	"matter_type_id" text,
	"shortcut_id" text,
	"type" text NOT NULL,
	"precedent_type" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"pricing_model_type" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"country_code" text NOT NULL,
	"firm_type" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "product_variants_country_code_firm_type_pk" PRIMARY KEY("country_code","firm_type")
);
--> statement-breakpoint
CREATE TABLE "provider_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "state_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"actor" text NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_version_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"reason" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"requested_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "submission_documents" (
	"submission_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "submission_documents_submission_id_file_id_pk" PRIMARY KEY("submission_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_version_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"version" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"status_text" text NOT NULL,
	"is_beta" boolean DEFAULT false NOT NULL,
	"is_soft_deleted" boolean DEFAULT false NOT NULL,
	"submitted_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"submission_notes" text NOT NULL,
	"review_notes" text,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone_number" text NOT NULL,
	"instance_id" uuid,
	"release_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"terms_accepted_at" timestamp with time zone,
	"has_access_to_test" boolean DEFAULT false NOT NULL,
	"locale_code" text DEFAULT 'en-AU' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_groups" ADD CONSTRAINT "app_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_groups" ADD CONSTRAINT "app_groups_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_marketplace" ADD CONSTRAINT "app_marketplace_app_version_id_app_versions_id_fk" FOREIGN KEY ("app_version_id") REFERENCES "public"."app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_marketplace_images" ADD CONSTRAINT "app_marketplace_images_app_version_id_app_versions_id_fk" FOREIGN KEY ("app_version_id") REFERENCES "public"."app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_marketplace_images" ADD CONSTRAINT "app_marketplace_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_group_id_app_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_category_id_app_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."app_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_clients" ADD CONSTRAINT "auth_clients_group_id_app_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_details" ADD CONSTRAINT "bank_details_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_detail_submissions" ADD CONSTRAINT "company_detail_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_entities" ADD CONSTRAINT "company_entities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_entities" ADD CONSTRAINT "company_entities_country_id_countries_code_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_attestations" ADD CONSTRAINT "data_attestations_app_version_id_app_versions_id_fk" FOREIGN KEY ("app_version_id") REFERENCES "public"."app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_attestations" ADD CONSTRAINT "data_attestations_data_flow_diagram_file_id_files_id_fk" FOREIGN KEY ("data_flow_diagram_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "environments" ADD CONSTRAINT "environments_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_configurations" ADD CONSTRAINT "instance_configurations_instance_id_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_configurations" ADD CONSTRAINT "instance_configurations_group_id_app_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matter_types" ADD CONSTRAINT "matter_types_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_locations" ADD CONSTRAINT "platform_locations_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_schemas" ADD CONSTRAINT "platform_schemas_app_version_id_app_versions_id_fk" FOREIGN KEY ("app_version_id") REFERENCES "public"."app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_approval_documents" ADD CONSTRAINT "pre_approval_documents_pre_approval_id_pre_approvals_id_fk" FOREIGN KEY ("pre_approval_id") REFERENCES "public"."pre_approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_approval_documents" ADD CONSTRAINT "pre_approval_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_approvals" ADD CONSTRAINT "pre_approvals_group_id_app_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_approvals" ADD CONSTRAINT "pre_approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_approvals" ADD CONSTRAINT "pre_approvals_version_major_id_app_versions_id_fk" FOREIGN KEY ("version_major_id") REFERENCES "public"."app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "precedents" ADD CONSTRAINT "precedents_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_group_id_app_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_requests" ADD CONSTRAINT "status_requests_app_version_id_app_versions_id_fk" FOREIGN KEY ("app_version_id") REFERENCES "public"."app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_requests" ADD CONSTRAINT "status_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_documents" ADD CONSTRAINT "submission_documents_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_documents" ADD CONSTRAINT "submission_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_app_version_id_app_versions_id_fk" FOREIGN KEY ("app_version_id") REFERENCES "public"."app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_group_id_app_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."app_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_groups_company_idx" ON "app_groups" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "app_versions_group_idx" ON "app_versions" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "app_versions_company_idx" ON "app_versions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "auth_clients_group_idx" ON "auth_clients" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_entities_country_uq" ON "company_entities" USING btree ("company_id","country_id");--> statement-breakpoint
CREATE INDEX "files_company_idx" ON "files" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "instances_company_idx" ON "instances" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "matter_types_country_idx" ON "matter_types" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "pre_approvals_group_idx" ON "pre_approvals" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "precedents_parent_idx" ON "precedents" USING btree ("country_code","parent_id");--> statement-breakpoint
CREATE INDEX "precedents_matter_type_idx" ON "precedents" USING btree ("country_code","matter_type_id");--> statement-breakpoint
CREATE INDEX "prices_group_idx" ON "prices" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "state_changes_entity_idx" ON "state_changes" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "submissions_group_idx" ON "submissions" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_uq" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");