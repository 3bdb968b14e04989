CREATE TABLE "tenant_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ciphertext" text NOT NULL,
	"key_version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_domains" (
	"host" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_domains_host_lower" CHECK ("tenant_domains"."host" = lower("tenant_domains"."host"))
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"theme" text DEFAULT 'theme-1' NOT NULL,
	"locales" text[] DEFAULT ARRAY['fa','en','ar']::text[] NOT NULL,
	"multi_language" boolean DEFAULT true NOT NULL,
	"services_active" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"service_inactive" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"option_active" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"name_company" jsonb NOT NULL,
	"name_domain1" text DEFAULT '' NOT NULL,
	"slogan_site" jsonb,
	"address_company" jsonb,
	"tel_company" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"tel_company2" text,
	"tel_support_cmp" text,
	"email_company" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"social" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fav_icon" text,
	"logo" text,
	"logo_header" text,
	"logo_footer" text,
	"colors" jsonb NOT NULL,
	"recaptcha_v3_site_key" text,
	"safarmarket_user" text,
	"header_of_site" jsonb,
	"index_page" text,
	"blog_url" text DEFAULT '/blog' NOT NULL,
	"banner" text,
	"gift_enable" boolean DEFAULT false NOT NULL,
	"first_page_modal" jsonb,
	"google_site_verification" text,
	"map_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_theme_check" CHECK ("tenants"."theme" in ('theme-1','theme-2','theme-3')),
	CONSTRAINT "tenants_status_check" CHECK ("tenants"."status" in ('active','suspended'))
);
--> statement-breakpoint
ALTER TABLE "tenant_credentials" ADD CONSTRAINT "tenant_credentials_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_domains" ADD CONSTRAINT "tenant_domains_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_credentials_kind_key" ON "tenant_credentials" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "tenant_domains_tenant_idx" ON "tenant_domains" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_domains_one_primary" ON "tenant_domains" USING btree ("tenant_id") WHERE "tenant_domains"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_slug_key" ON "tenants" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_one_default" ON "tenants" USING btree ("is_default") WHERE "tenants"."is_default";