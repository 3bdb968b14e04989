CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_mobile" text,
	"actor_role" text,
	"via" text NOT NULL,
	"client_hash" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_entries_via_check" CHECK ("audit_entries"."via" in ('web','api','cli'))
);
--> statement-breakpoint
CREATE TABLE "blog_images" (
	"id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"original_width" integer NOT NULL,
	"original_height" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blog_images_id_width_format_pk" PRIMARY KEY("id","width","format"),
	CONSTRAINT "blog_images_format_check" CHECK ("blog_images"."format" in ('webp','avif','jpg','png'))
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"cover" jsonb,
	"cover_alt" text DEFAULT '' NOT NULL,
	"body_markdown" text NOT NULL,
	"body_html" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"related_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"translation_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "blog_posts_status_check" CHECK ("blog_posts"."status" in ('draft','scheduled','published')),
	CONSTRAINT "blog_posts_locale_check" CHECK ("blog_posts"."locale" in ('fa','en','ar')),
	CONSTRAINT "blog_posts_schedule_check" CHECK ("blog_posts"."status" = 'draft' or "blog_posts"."published_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id"),
	CONSTRAINT "staff_members_role_check" CHECK ("staff_members"."role" in ('owner','operator','editor','support','platform'))
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_images" ADD CONSTRAINT "blog_images_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_tenant_at_idx" ON "audit_entries" USING btree ("tenant_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_tenant_actor_idx" ON "audit_entries" USING btree ("tenant_id","actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_tenant_subject_idx" ON "audit_entries" USING btree ("tenant_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "blog_images_tenant_idx" ON "blog_images" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_key" ON "blog_posts" USING btree ("tenant_id","locale","slug");--> statement-breakpoint
CREATE INDEX "blog_posts_list_idx" ON "blog_posts" USING btree ("tenant_id","locale","published_at");--> statement-breakpoint
CREATE INDEX "blog_posts_translation_idx" ON "blog_posts" USING btree ("tenant_id","translation_key");