ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'booking' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "wallet_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_wallet_payment" ON "payments" USING btree ("booking_id") WHERE "payments"."gateway" = 'wallet' and "payments"."status" in ('created','verifying');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('booking','topup'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_check" CHECK (("payments"."purpose" = 'topup' and "payments"."booking_id" is null and "payments"."user_id" is not null and "payments"."wallet_amount" = 0) or ("payments"."purpose" = 'booking' and "payments"."booking_id" is not null and ("payments"."wallet_amount" = 0 or "payments"."user_id" is not null)));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_wallet_amount_check" CHECK ("payments"."wallet_amount" >= 0 and "payments"."wallet_amount" <= "payments"."amount");