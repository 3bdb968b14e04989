CREATE TABLE "booking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"event" text NOT NULL,
	"cause" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"supplier" text NOT NULL,
	"offer_id" text NOT NULL,
	"hold_id" text NOT NULL,
	"seats" smallint NOT NULL,
	"offer" jsonb NOT NULL,
	"base_total" integer NOT NULL,
	"taxes_total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_passengers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"first_name_latin" text,
	"last_name_latin" text,
	"gender" text NOT NULL,
	"birth_date" text NOT NULL,
	"nationality" text NOT NULL,
	"national_code" text,
	"passport_number" text,
	"passport_country" text,
	"passport_expiry" text,
	"wheelchair" boolean DEFAULT false NOT NULL,
	CONSTRAINT "booking_passengers_type_check" CHECK ("booking_passengers"."type" in ('adult','child','infant')),
	CONSTRAINT "booking_passengers_gender_check" CHECK ("booking_passengers"."gender" in ('male','female'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"service" text NOT NULL,
	"reference" text NOT NULL,
	"hash_id" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"adults" smallint NOT NULL,
	"children" smallint NOT NULL,
	"infants" smallint NOT NULL,
	"base_total" integer NOT NULL,
	"taxes_total" integer NOT NULL,
	"discount_total" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"discount_code_id" uuid,
	"contact_mobile" text NOT NULL,
	"contact_email" text,
	"company" jsonb,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('held','awaiting_payment','paid','issued','expired','cancelled','refund_requested','refunded')),
	CONSTRAINT "bookings_party_check" CHECK ("bookings"."adults" >= 1 and "bookings"."children" >= 0 and "bookings"."infants" >= 0 and "bookings"."infants" <= "bookings"."adults" and "bookings"."adults" + "bookings"."children" <= 9),
	CONSTRAINT "bookings_amounts_check" CHECK ("bookings"."base_total" >= 0 and "bookings"."taxes_total" >= 0 and "bookings"."discount_total" >= 0 and "bookings"."total" = "bookings"."base_total" + "bookings"."taxes_total" - "bookings"."discount_total" and "bookings"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"max_discount" integer,
	"min_total" integer DEFAULT 0 NOT NULL,
	"services" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"max_uses_per_mobile" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percent','fixed')),
	CONSTRAINT "discount_codes_amount_check" CHECK ("discount_codes"."amount" > 0 and ("discount_codes"."kind" = 'fixed' or "discount_codes"."amount" <= 100)),
	CONSTRAINT "discount_codes_window_check" CHECK ("discount_codes"."valid_until" > "discount_codes"."valid_from"),
	CONSTRAINT "discount_codes_uses_check" CHECK ("discount_codes"."uses" >= 0 and ("discount_codes"."max_uses" is null or "discount_codes"."uses" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"code_id" uuid NOT NULL,
	"mobile" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_scope_key_pk" PRIMARY KEY("tenant_id","scope","key")
);
--> statement-breakpoint
ALTER TABLE "flight_fares" ADD COLUMN "taxes_per_seat" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_passengers" ADD CONSTRAINT "booking_passengers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_items_position_key" ON "booking_items" USING btree ("booking_id","position");--> statement-breakpoint
CREATE INDEX "booking_items_hold_idx" ON "booking_items" USING btree ("supplier","hold_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_passengers_position_key" ON "booking_passengers" USING btree ("booking_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_passengers_national_code_key" ON "booking_passengers" USING btree ("booking_id","national_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_hash_id_key" ON "bookings" USING btree ("hash_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_tenant_reference_key" ON "bookings" USING btree ("tenant_id","reference");--> statement-breakpoint
CREATE INDEX "bookings_tenant_mobile_idx" ON "bookings" USING btree ("tenant_id","contact_mobile");--> statement-breakpoint
CREATE INDEX "bookings_open_expiry_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" in ('held','awaiting_payment');--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_tenant_code_key" ON "discount_codes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_mobile_idx" ON "discount_redemptions" USING btree ("code_id","mobile");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "flight_fares" ADD CONSTRAINT "flight_fares_taxes_check" CHECK ("flight_fares"."taxes_per_seat" >= 0 and "flight_fares"."taxes_per_seat" <= "flight_fares"."child_price");