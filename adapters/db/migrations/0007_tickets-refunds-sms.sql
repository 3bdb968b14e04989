CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"paid" integer NOT NULL,
	"penalty" integer NOT NULL,
	"amount" integer NOT NULL,
	"destination" text NOT NULL,
	"sheba" text,
	"rule" jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "refunds_amounts_check" CHECK ("refunds"."penalty" >= 0 and "refunds"."amount" >= 0 and "refunds"."penalty" + "refunds"."amount" = "refunds"."paid"),
	CONSTRAINT "refunds_destination_check" CHECK (("refunds"."destination" = 'card' and "refunds"."sheba" is not null) or "refunds"."destination" = 'wallet'),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('requested','paid'))
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"mobile" text NOT NULL,
	"text" text NOT NULL,
	"template" text,
	"tokens" jsonb,
	"sender" text NOT NULL,
	"status" text NOT NULL,
	"provider_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_messages_status_check" CHECK ("sms_messages"."status" in ('stored','sent','failed'))
);
--> statement-breakpoint
ALTER TABLE "booking_tickets" ADD COLUMN "passenger_position" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_booking_key" ON "refunds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "sms_messages_mobile_idx" ON "sms_messages" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_tickets_passenger_key" ON "booking_tickets" USING btree ("booking_id","item_position","passenger_position");