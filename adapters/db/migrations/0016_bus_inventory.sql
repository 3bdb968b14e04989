CREATE TABLE "bus_companies" (
	"code" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bus_departures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"trip_code" text NOT NULL,
	"from_city" text NOT NULL,
	"to_city" text NOT NULL,
	"depart_at" timestamp with time zone NOT NULL,
	"arrive_at" timestamp with time zone NOT NULL,
	"price" integer NOT NULL,
	"seat_count" smallint NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	CONSTRAINT "bus_departures_times_check" CHECK ("bus_departures"."arrive_at" > "bus_departures"."depart_at"),
	CONSTRAINT "bus_departures_status_check" CHECK ("bus_departures"."status" in ('scheduled','cancelled')),
	CONSTRAINT "bus_departures_price_check" CHECK ("bus_departures"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "bus_held_seats" (
	"departure_id" uuid NOT NULL,
	"seat_number" smallint NOT NULL,
	"hold_id" uuid NOT NULL,
	"passenger_position" smallint NOT NULL,
	"gender" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ticket_number" text,
	CONSTRAINT "bus_held_seats_departure_id_seat_number_pk" PRIMARY KEY("departure_id","seat_number"),
	CONSTRAINT "bus_held_seats_seat_check" CHECK ("bus_held_seats"."seat_number" between 1 and 60),
	CONSTRAINT "bus_held_seats_gender_check" CHECK ("bus_held_seats"."gender" in ('male','female'))
);
--> statement-breakpoint
CREATE TABLE "bus_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" text NOT NULL,
	"departure_id" uuid NOT NULL,
	"seats" smallint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"pnr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bus_holds_seats_check" CHECK ("bus_holds"."seats" between 1 and 9),
	CONSTRAINT "bus_holds_status_check" CHECK ("bus_holds"."status" in ('held','issued','cancelled','expired'))
);
--> statement-breakpoint
CREATE TABLE "bus_layouts" (
	"bus_type" text PRIMARY KEY NOT NULL,
	"layout" jsonb NOT NULL,
	"seats" jsonb NOT NULL,
	"seat_count" smallint NOT NULL,
	CONSTRAINT "bus_layouts_seat_count_check" CHECK ("bus_layouts"."seat_count" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "bus_refund_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"fare_classes" text[] NOT NULL,
	"refundable" boolean NOT NULL,
	"windows" jsonb NOT NULL,
	"after_departure_percent" smallint NOT NULL,
	"free_minutes_after_issue" smallint,
	"in_person_from_minutes_before" smallint,
	"in_person_penalty_percent" smallint,
	CONSTRAINT "bus_refund_rules_percent_check" CHECK ("bus_refund_rules"."after_departure_percent" between 0 and 100),
	CONSTRAINT "bus_refund_rules_in_person_check" CHECK ("bus_refund_rules"."in_person_penalty_percent" is null or "bus_refund_rules"."in_person_penalty_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "bus_terminals" (
	"code" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"names" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bus_tickets" (
	"ticket_number" text PRIMARY KEY NOT NULL,
	"hold_id" uuid NOT NULL,
	"passenger_position" smallint NOT NULL,
	"seat_number" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bus_trips" (
	"code" text PRIMARY KEY NOT NULL,
	"company_code" text NOT NULL,
	"bus_type" text NOT NULL,
	"from_city" text NOT NULL,
	"to_city" text NOT NULL,
	"from_terminal" text NOT NULL,
	"to_terminal" text NOT NULL,
	"departs_minute" smallint NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"price" integer NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"refund_rule_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bus_trips_departs_check" CHECK ("bus_trips"."departs_minute" between 0 and 1439),
	CONSTRAINT "bus_trips_duration_check" CHECK ("bus_trips"."duration_minutes" > 0),
	CONSTRAINT "bus_trips_price_check" CHECK ("bus_trips"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "bus_departures" ADD CONSTRAINT "bus_departures_trip_code_bus_trips_code_fk" FOREIGN KEY ("trip_code") REFERENCES "public"."bus_trips"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_held_seats" ADD CONSTRAINT "bus_held_seats_departure_id_bus_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."bus_departures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_held_seats" ADD CONSTRAINT "bus_held_seats_hold_id_bus_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."bus_holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_holds" ADD CONSTRAINT "bus_holds_departure_id_bus_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."bus_departures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_refund_rules" ADD CONSTRAINT "bus_refund_rules_company_code_bus_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."bus_companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_tickets" ADD CONSTRAINT "bus_tickets_hold_id_bus_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."bus_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_trips" ADD CONSTRAINT "bus_trips_company_code_bus_companies_code_fk" FOREIGN KEY ("company_code") REFERENCES "public"."bus_companies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_trips" ADD CONSTRAINT "bus_trips_bus_type_bus_layouts_bus_type_fk" FOREIGN KEY ("bus_type") REFERENCES "public"."bus_layouts"("bus_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_trips" ADD CONSTRAINT "bus_trips_from_terminal_bus_terminals_code_fk" FOREIGN KEY ("from_terminal") REFERENCES "public"."bus_terminals"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_trips" ADD CONSTRAINT "bus_trips_to_terminal_bus_terminals_code_fk" FOREIGN KEY ("to_terminal") REFERENCES "public"."bus_terminals"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bus_trips" ADD CONSTRAINT "bus_trips_refund_rule_id_bus_refund_rules_id_fk" FOREIGN KEY ("refund_rule_id") REFERENCES "public"."bus_refund_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bus_departures_key_key" ON "bus_departures" USING btree ("key");--> statement-breakpoint
CREATE INDEX "bus_departures_route_idx" ON "bus_departures" USING btree ("from_city","to_city","depart_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bus_held_seats_traveller_key" ON "bus_held_seats" USING btree ("hold_id","passenger_position");--> statement-breakpoint
CREATE UNIQUE INDEX "bus_held_seats_ticket_key" ON "bus_held_seats" USING btree ("ticket_number");--> statement-breakpoint
CREATE UNIQUE INDEX "bus_holds_pnr_key" ON "bus_holds" USING btree ("pnr");--> statement-breakpoint
CREATE INDEX "bus_holds_expiry_idx" ON "bus_holds" USING btree ("expires_at") WHERE "bus_holds"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "bus_tickets_traveller_key" ON "bus_tickets" USING btree ("hold_id","passenger_position");--> statement-breakpoint
CREATE INDEX "bus_trips_route_idx" ON "bus_trips" USING btree ("from_city","to_city");