CREATE TABLE "booking_tickets" (
	"ticket_number" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"item_position" smallint NOT NULL,
	"pnr" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"booking_id" uuid,
	"hash_id" text NOT NULL,
	"gateway" text NOT NULL,
	"token" text,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"reference_id" text,
	"masked_pan" text,
	"verify_by" timestamp with time zone NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created','pending','verifying','verified','cancelled','failed','reversed','refund_due')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_payments" (
	"token" text PRIMARY KEY NOT NULL,
	"merchant" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_rials" bigint NOT NULL,
	"callback_url" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"reference_id" text,
	"masked_pan" text,
	"paid_at" timestamp with time zone,
	"verify_by" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_bank_payments_status_check" CHECK ("sandbox_bank_payments"."status" in ('created','paid','cancelled','verified','reversed')),
	CONSTRAINT "sandbox_bank_payments_amount_check" CHECK ("sandbox_bank_payments"."amount_rials" > 0)
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "payment_gateways" text[] DEFAULT ARRAY['sandbox']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_tickets" ADD CONSTRAINT "booking_tickets_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_tickets_booking_idx" ON "booking_tickets" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_hash_id_key" ON "payments" USING btree ("hash_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_token_key" ON "payments" USING btree ("gateway","token");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("verify_by") WHERE "payments"."status" in ('pending','verifying');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_verified_per_booking" ON "payments" USING btree ("booking_id") WHERE "payments"."status" = 'verified';