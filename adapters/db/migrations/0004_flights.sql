CREATE TABLE "airlines" (
	"code" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_fares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flight_id" uuid NOT NULL,
	"fare_class" text NOT NULL,
	"cabin" text NOT NULL,
	"adult_price" integer NOT NULL,
	"child_price" integer NOT NULL,
	"infant_price" integer NOT NULL,
	"seats_total" smallint NOT NULL,
	"seats_available" smallint NOT NULL,
	"baggage_kg" smallint NOT NULL,
	"refund_rule_id" text NOT NULL,
	CONSTRAINT "flight_fares_flight_class_key" UNIQUE("flight_id","fare_class"),
	CONSTRAINT "flight_fares_seats_check" CHECK ("flight_fares"."seats_available" >= 0 and "flight_fares"."seats_available" <= "flight_fares"."seats_total"),
	CONSTRAINT "flight_fares_prices_check" CHECK ("flight_fares"."adult_price" > 0 and "flight_fares"."child_price" >= 0 and "flight_fares"."infant_price" >= 0),
	CONSTRAINT "flight_fares_cabin_check" CHECK ("flight_fares"."cabin" in ('economy','business'))
);
--> statement-breakpoint
CREATE TABLE "flight_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fare_id" uuid NOT NULL,
	"seats" smallint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"pnr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_holds_seats_check" CHECK ("flight_holds"."seats" between 1 and 9),
	CONSTRAINT "flight_holds_status_check" CHECK ("flight_holds"."status" in ('held','issued','cancelled','expired'))
);
--> statement-breakpoint
CREATE TABLE "flight_refund_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"airline_code" text NOT NULL,
	"fare_classes" text[] NOT NULL,
	"charter" boolean DEFAULT false NOT NULL,
	"refundable" boolean NOT NULL,
	"windows" jsonb NOT NULL,
	"after_departure_percent" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flight_tickets" (
	"ticket_number" text PRIMARY KEY NOT NULL,
	"hold_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"airline_code" text NOT NULL,
	"flight_number" text NOT NULL,
	"from_iata" text NOT NULL,
	"to_iata" text NOT NULL,
	"depart_at" timestamp with time zone NOT NULL,
	"arrive_at" timestamp with time zone NOT NULL,
	"aircraft" text NOT NULL,
	"charter" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	CONSTRAINT "flights_times_check" CHECK ("flights"."arrive_at" > "flights"."depart_at"),
	CONSTRAINT "flights_status_check" CHECK ("flights"."status" in ('scheduled','cancelled'))
);
--> statement-breakpoint
ALTER TABLE "flight_fares" ADD CONSTRAINT "flight_fares_flight_id_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_fares" ADD CONSTRAINT "flight_fares_refund_rule_id_flight_refund_rules_id_fk" FOREIGN KEY ("refund_rule_id") REFERENCES "public"."flight_refund_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_holds" ADD CONSTRAINT "flight_holds_fare_id_flight_fares_id_fk" FOREIGN KEY ("fare_id") REFERENCES "public"."flight_fares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_refund_rules" ADD CONSTRAINT "flight_refund_rules_airline_code_airlines_code_fk" FOREIGN KEY ("airline_code") REFERENCES "public"."airlines"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flight_tickets" ADD CONSTRAINT "flight_tickets_hold_id_flight_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."flight_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flights" ADD CONSTRAINT "flights_airline_code_airlines_code_fk" FOREIGN KEY ("airline_code") REFERENCES "public"."airlines"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "flight_holds_pnr_key" ON "flight_holds" USING btree ("pnr");--> statement-breakpoint
CREATE INDEX "flight_holds_expiry_idx" ON "flight_holds" USING btree ("expires_at") WHERE "flight_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "flight_tickets_hold_idx" ON "flight_tickets" USING btree ("hold_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flights_key_key" ON "flights" USING btree ("key");--> statement-breakpoint
CREATE INDEX "flights_route_departure_idx" ON "flights" USING btree ("from_iata","to_iata","depart_at");