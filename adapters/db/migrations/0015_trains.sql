CREATE TABLE "train_compartments" (
	"departure_id" uuid NOT NULL,
	"wagon" smallint NOT NULL,
	"compartment" smallint NOT NULL,
	"kind" text NOT NULL,
	"ticket_type" text NOT NULL,
	"beds" smallint NOT NULL,
	"free_beds" smallint NOT NULL,
	CONSTRAINT "train_compartments_departure_id_wagon_compartment_pk" PRIMARY KEY("departure_id","wagon","compartment"),
	CONSTRAINT "train_compartments_beds_check" CHECK ("train_compartments"."beds" between 1 and 8),
	CONSTRAINT "train_compartments_free_beds_check" CHECK ("train_compartments"."free_beds" >= 0 and "train_compartments"."free_beds" <= "train_compartments"."beds"),
	CONSTRAINT "train_compartments_kind_check" CHECK ("train_compartments"."kind" in ('salon','compartment4','compartment6','vip4')),
	CONSTRAINT "train_compartments_ticket_type_check" CHECK ("train_compartments"."ticket_type" in ('general','brothers','sisters'))
);
--> statement-breakpoint
CREATE TABLE "train_departures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"train_number" text NOT NULL,
	"from_station" text NOT NULL,
	"to_station" text NOT NULL,
	"depart_at" timestamp with time zone NOT NULL,
	"arrive_at" timestamp with time zone NOT NULL,
	"price_percent" smallint DEFAULT 100 NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	CONSTRAINT "train_departures_times_check" CHECK ("train_departures"."arrive_at" > "train_departures"."depart_at"),
	CONSTRAINT "train_departures_status_check" CHECK ("train_departures"."status" in ('scheduled','cancelled')),
	CONSTRAINT "train_departures_price_check" CHECK ("train_departures"."price_percent" between 50 and 200)
);
--> statement-breakpoint
CREATE TABLE "train_held_beds" (
	"departure_id" uuid NOT NULL,
	"wagon" smallint NOT NULL,
	"compartment" smallint NOT NULL,
	"bed" smallint NOT NULL,
	"hold_id" uuid NOT NULL,
	CONSTRAINT "train_held_beds_departure_id_wagon_compartment_bed_pk" PRIMARY KEY("departure_id","wagon","compartment","bed"),
	CONSTRAINT "train_held_beds_bed_check" CHECK ("train_held_beds"."bed" between 1 and 8)
);
--> statement-breakpoint
CREATE TABLE "train_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" text NOT NULL,
	"departure_id" uuid NOT NULL,
	"wagon_kind" text NOT NULL,
	"ticket_type" text NOT NULL,
	"coupe" boolean NOT NULL,
	"seats" smallint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"pnr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_holds_seats_check" CHECK ("train_holds"."seats" between 1 and 9),
	CONSTRAINT "train_holds_status_check" CHECK ("train_holds"."status" in ('held','issued','cancelled','expired'))
);
--> statement-breakpoint
CREATE TABLE "train_operators" (
	"code" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "train_refund_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_code" text NOT NULL,
	"fare_classes" text[] NOT NULL,
	"refundable" boolean NOT NULL,
	"windows" jsonb NOT NULL,
	"after_departure_percent" smallint NOT NULL,
	"free_minutes_after_issue" smallint,
	CONSTRAINT "train_refund_rules_percent_check" CHECK ("train_refund_rules"."after_departure_percent" between 0 and 100),
	CONSTRAINT "train_refund_rules_free_minutes_check" CHECK ("train_refund_rules"."free_minutes_after_issue" is null or "train_refund_rules"."free_minutes_after_issue" >= 0)
);
--> statement-breakpoint
CREATE TABLE "train_tickets" (
	"ticket_number" text PRIMARY KEY NOT NULL,
	"hold_id" uuid NOT NULL,
	"passenger_position" smallint NOT NULL,
	"wagon" smallint NOT NULL,
	"compartment" smallint,
	"bed" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trains" (
	"number" text PRIMARY KEY NOT NULL,
	"operator_code" text NOT NULL,
	"names" jsonb NOT NULL,
	"from_station" text NOT NULL,
	"to_station" text NOT NULL,
	"departs_minute" smallint NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"weekday_percents" smallint[] NOT NULL,
	"foreigners_allowed" boolean NOT NULL,
	"car_transport" jsonb,
	"wagons" jsonb NOT NULL,
	"fares" jsonb NOT NULL,
	"extras" jsonb NOT NULL,
	"refund_rule_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trains_departs_check" CHECK ("trains"."departs_minute" between 0 and 1439),
	CONSTRAINT "trains_duration_check" CHECK ("trains"."duration_minutes" > 0),
	CONSTRAINT "trains_weekday_percents_check" CHECK (cardinality("trains"."weekday_percents") = 7)
);
--> statement-breakpoint
ALTER TABLE "train_compartments" ADD CONSTRAINT "train_compartments_departure_id_train_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."train_departures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_departures" ADD CONSTRAINT "train_departures_train_number_trains_number_fk" FOREIGN KEY ("train_number") REFERENCES "public"."trains"("number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_held_beds" ADD CONSTRAINT "train_held_beds_hold_id_train_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."train_holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_held_beds" ADD CONSTRAINT "train_held_beds_compartment_fk" FOREIGN KEY ("departure_id","wagon","compartment") REFERENCES "public"."train_compartments"("departure_id","wagon","compartment") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_holds" ADD CONSTRAINT "train_holds_departure_id_train_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."train_departures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_refund_rules" ADD CONSTRAINT "train_refund_rules_operator_code_train_operators_code_fk" FOREIGN KEY ("operator_code") REFERENCES "public"."train_operators"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "train_tickets" ADD CONSTRAINT "train_tickets_hold_id_train_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."train_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trains" ADD CONSTRAINT "trains_operator_code_train_operators_code_fk" FOREIGN KEY ("operator_code") REFERENCES "public"."train_operators"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trains" ADD CONSTRAINT "trains_refund_rule_id_train_refund_rules_id_fk" FOREIGN KEY ("refund_rule_id") REFERENCES "public"."train_refund_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "train_departures_key_key" ON "train_departures" USING btree ("key");--> statement-breakpoint
CREATE INDEX "train_departures_route_idx" ON "train_departures" USING btree ("from_station","to_station","depart_at");--> statement-breakpoint
CREATE INDEX "train_held_beds_hold_idx" ON "train_held_beds" USING btree ("hold_id");--> statement-breakpoint
CREATE UNIQUE INDEX "train_holds_pnr_key" ON "train_holds" USING btree ("pnr");--> statement-breakpoint
CREATE INDEX "train_holds_expiry_idx" ON "train_holds" USING btree ("expires_at") WHERE "train_holds"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "train_tickets_traveller_key" ON "train_tickets" USING btree ("hold_id","passenger_position");--> statement-breakpoint
CREATE INDEX "trains_route_idx" ON "trains" USING btree ("from_station","to_station");