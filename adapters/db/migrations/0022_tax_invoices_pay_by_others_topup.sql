CREATE TABLE "card_to_card_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"booking_id" uuid,
	"source" text NOT NULL,
	"sender_mobile" text,
	"text" text NOT NULL,
	"bank" text,
	"amount_rials" bigint,
	"card_suffix" text,
	"paid_at" timestamp with time zone,
	"trace" text,
	"status" text NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_to_card_receipts_source_check" CHECK ("card_to_card_receipts"."source" in ('page','sms')),
	CONSTRAINT "card_to_card_receipts_status_check" CHECK ("card_to_card_receipts"."status" in ('matched','pending','refused','rejected','confirmed'))
);
--> statement-breakpoint
CREATE TABLE "mobile_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"hash_id" text NOT NULL,
	"user_id" uuid,
	"mobile" text NOT NULL,
	"operator" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"pin" text,
	"pin_serial" text,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"failure" text,
	"locale" text NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mobile_charges_operator_check" CHECK ("mobile_charges"."operator" in ('mci','irancell','rightel')),
	CONSTRAINT "mobile_charges_kind_check" CHECK ("mobile_charges"."kind" in ('direct','pin')),
	CONSTRAINT "mobile_charges_status_check" CHECK ("mobile_charges"."status" in ('awaiting_payment','paid','delivered','failed','refunded')),
	CONSTRAINT "mobile_charges_amount_check" CHECK ("mobile_charges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"mobile" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"refers_to" uuid,
	"refund_id" uuid,
	"invoice_type" smallint NOT NULL,
	"tax_id" text NOT NULL,
	"serial" bigint NOT NULL,
	"body" jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"registry_reference" text,
	"last_error" text,
	"paid_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_invoices_kind_check" CHECK ("tax_invoices"."kind" in ('original','corrective')),
	CONSTRAINT "tax_invoices_refers_check" CHECK (("tax_invoices"."kind" = 'original' and "tax_invoices"."refers_to" is null) or ("tax_invoices"."kind" = 'corrective' and "tax_invoices"."refers_to" is not null)),
	CONSTRAINT "tax_invoices_type_check" CHECK ("tax_invoices"."invoice_type" in (1, 2)),
	CONSTRAINT "tax_invoices_tax_id_check" CHECK (length("tax_invoices"."tax_id") = 22),
	CONSTRAINT "tax_invoices_status_check" CHECK ("tax_invoices"."status" in ('pending','submitted','accepted','refused','failed'))
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_owner_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_id" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "tax_profile" jsonb;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "card_to_card" jsonb;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "gds_pro" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "show_components_for_gds_pro" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_to_card_receipts" ADD CONSTRAINT "card_to_card_receipts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_to_card_receipts" ADD CONSTRAINT "card_to_card_receipts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_charges" ADD CONSTRAINT "mobile_charges_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_charges" ADD CONSTRAINT "mobile_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_refers_to_tax_invoices_id_fk" FOREIGN KEY ("refers_to") REFERENCES "public"."tax_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD CONSTRAINT "tax_invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_to_card_receipts_trace_key" ON "card_to_card_receipts" USING btree ("tenant_id","bank","trace") WHERE "card_to_card_receipts"."status" in ('matched','pending','confirmed');--> statement-breakpoint
CREATE INDEX "card_to_card_receipts_status_idx" ON "card_to_card_receipts" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "card_to_card_receipts_booking_idx" ON "card_to_card_receipts" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mobile_charges_hash_id_key" ON "mobile_charges" USING btree ("hash_id");--> statement-breakpoint
CREATE INDEX "mobile_charges_user_idx" ON "mobile_charges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_token_hash_key" ON "payment_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "payment_links_booking_idx" ON "payment_links" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_tax_id_key" ON "tax_invoices" USING btree ("tax_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_tenant_serial_key" ON "tax_invoices" USING btree ("tenant_id","serial");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_one_original" ON "tax_invoices" USING btree ("booking_id") WHERE "tax_invoices"."kind" = 'original';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_one_per_refund" ON "tax_invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "tax_invoices_due_idx" ON "tax_invoices" USING btree ("next_attempt_at") WHERE "tax_invoices"."status" in ('pending','submitted','refused');--> statement-breakpoint
CREATE INDEX "tax_invoices_tenant_status_idx" ON "tax_invoices" USING btree ("tenant_id","status","paid_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_charge_id_mobile_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."mobile_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("payments"."purpose" in ('booking','topup','charge'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_owner_check" CHECK (("payments"."purpose" = 'topup' and "payments"."booking_id" is null and "payments"."charge_id" is null and "payments"."user_id" is not null and "payments"."wallet_amount" = 0) or ("payments"."purpose" = 'booking' and "payments"."booking_id" is not null and "payments"."charge_id" is null and ("payments"."wallet_amount" = 0 or "payments"."user_id" is not null)) or ("payments"."purpose" = 'charge' and "payments"."booking_id" is null and "payments"."charge_id" is not null and ("payments"."wallet_amount" = 0 or "payments"."user_id" is not null)));