CREATE TABLE "settings_previews" (
	"tenant_id" uuid NOT NULL,
	"digest" text NOT NULL,
	"settings" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "settings_previews_tenant_id_digest_pk" PRIMARY KEY("tenant_id","digest")
);
--> statement-breakpoint
ALTER TABLE "settings_previews" ADD CONSTRAINT "settings_previews_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settings_previews_expires_idx" ON "settings_previews" USING btree ("expires_at");