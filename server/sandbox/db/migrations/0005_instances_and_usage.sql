CREATE TABLE "app_usage" (
	"app_version_id" uuid NOT NULL,
	"firm_id" text NOT NULL,
	"firm_name" text,
	"count" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_usage_app_version_id_firm_id_pk" PRIMARY KEY("app_version_id","firm_id")
);
--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "environment_id" integer;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "origin" text DEFAULT 'created' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_usage" ADD CONSTRAINT "app_usage_app_version_id_app_versions_id_fk" FOREIGN KEY ("app_version_id") REFERENCES "public"."app_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instances_username_uq" ON "instances" USING btree ("company_id","env_country_code","env_type","username");