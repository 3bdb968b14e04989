CREATE TABLE "intl_flight_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" text NOT NULL,
	"seats" smallint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"pnr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intl_flight_holds_seats_check" CHECK ("intl_flight_holds"."seats" between 1 and 9),
	CONSTRAINT "intl_flight_holds_status_check" CHECK ("intl_flight_holds"."status" in ('held','issued','cancelled','expired'))
);
--> statement-breakpoint
CREATE TABLE "intl_flight_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"airline_code" text NOT NULL,
	"flight_number" text NOT NULL,
	"from_iata" text NOT NULL,
	"to_iata" text NOT NULL,
	"depart_at" timestamp with time zone NOT NULL,
	"arrive_at" timestamp with time zone NOT NULL,
	"depart_utc_offset" smallint NOT NULL,
	"arrive_utc_offset" smallint NOT NULL,
	"aircraft" text NOT NULL,
	"sold_alone" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	CONSTRAINT "intl_flight_segments_times_check" CHECK ("intl_flight_segments"."arrive_at" > "intl_flight_segments"."depart_at"),
	CONSTRAINT "intl_flight_segments_status_check" CHECK ("intl_flight_segments"."status" in ('scheduled','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "intl_flight_tickets" (
	"ticket_number" text PRIMARY KEY NOT NULL,
	"hold_id" uuid NOT NULL,
	"passenger_position" smallint NOT NULL,
	"leg" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intl_hold_seats" (
	"hold_id" uuid NOT NULL,
	"segment_fare_id" uuid NOT NULL,
	"seats" smallint NOT NULL,
	CONSTRAINT "intl_hold_seats_hold_id_segment_fare_id_pk" PRIMARY KEY("hold_id","segment_fare_id")
);
--> statement-breakpoint
CREATE TABLE "intl_segment_fares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"segment_id" uuid NOT NULL,
	"fare_class" text NOT NULL,
	"cabin" text NOT NULL,
	"base_fare" integer NOT NULL,
	"taxes" integer NOT NULL,
	"child_percent" smallint NOT NULL,
	"infant_percent" smallint NOT NULL,
	"connection_percent" smallint NOT NULL,
	"round_trip_percent" smallint NOT NULL,
	"baggage_kg" smallint,
	"baggage_pieces" smallint,
	"cabin_kg" smallint NOT NULL,
	"refund_rule_id" text NOT NULL,
	"seats_total" smallint NOT NULL,
	"seats_available" smallint NOT NULL,
	CONSTRAINT "intl_segment_fares_segment_class_key" UNIQUE("segment_id","fare_class"),
	CONSTRAINT "intl_segment_fares_seats_check" CHECK ("intl_segment_fares"."seats_available" >= 0 and "intl_segment_fares"."seats_available" <= "intl_segment_fares"."seats_total"),
	CONSTRAINT "intl_segment_fares_prices_check" CHECK ("intl_segment_fares"."base_fare" > 0 and "intl_segment_fares"."taxes" >= 0),
	CONSTRAINT "intl_segment_fares_percent_check" CHECK ("intl_segment_fares"."child_percent" between 0 and 100 and "intl_segment_fares"."infant_percent" between 0 and 100 and "intl_segment_fares"."connection_percent" between 1 and 100 and "intl_segment_fares"."round_trip_percent" between 1 and 100),
	CONSTRAINT "intl_segment_fares_cabin_check" CHECK ("intl_segment_fares"."cabin" in ('economy','business'))
);
--> statement-breakpoint
ALTER TABLE "intl_flight_segments" ADD CONSTRAINT "intl_flight_segments_airline_code_airlines_code_fk" FOREIGN KEY ("airline_code") REFERENCES "public"."airlines"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intl_flight_tickets" ADD CONSTRAINT "intl_flight_tickets_hold_id_intl_flight_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."intl_flight_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intl_hold_seats" ADD CONSTRAINT "intl_hold_seats_hold_id_intl_flight_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."intl_flight_holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intl_hold_seats" ADD CONSTRAINT "intl_hold_seats_segment_fare_id_intl_segment_fares_id_fk" FOREIGN KEY ("segment_fare_id") REFERENCES "public"."intl_segment_fares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intl_segment_fares" ADD CONSTRAINT "intl_segment_fares_segment_id_intl_flight_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."intl_flight_segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intl_segment_fares" ADD CONSTRAINT "intl_segment_fares_refund_rule_id_flight_refund_rules_id_fk" FOREIGN KEY ("refund_rule_id") REFERENCES "public"."flight_refund_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "intl_flight_holds_pnr_key" ON "intl_flight_holds" USING btree ("pnr");--> statement-breakpoint
CREATE INDEX "intl_flight_holds_expiry_idx" ON "intl_flight_holds" USING btree ("expires_at") WHERE "intl_flight_holds"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "intl_flight_segments_key_key" ON "intl_flight_segments" USING btree ("key");--> statement-breakpoint
CREATE INDEX "intl_flight_segments_from_idx" ON "intl_flight_segments" USING btree ("from_iata","depart_at");--> statement-breakpoint
CREATE INDEX "intl_flight_segments_to_idx" ON "intl_flight_segments" USING btree ("to_iata","depart_at");--> statement-breakpoint
CREATE UNIQUE INDEX "intl_flight_tickets_traveller_leg_key" ON "intl_flight_tickets" USING btree ("hold_id","passenger_position","leg");