ALTER TABLE "hotel_comments" DROP CONSTRAINT "hotel_comments_tenant_id_tenants_id_fk";
--> statement-breakpoint
ALTER TABLE "hotel_comments" DROP CONSTRAINT "hotel_comments_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "hotel_comments" ADD CONSTRAINT "hotel_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_comments" ADD CONSTRAINT "hotel_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;