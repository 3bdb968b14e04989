CREATE TABLE "tour_departures" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"departure_date" date NOT NULL,
	"return_date" date NOT NULL,
	"depart_at" timestamp with time zone NOT NULL,
	"return_at" timestamp with time zone NOT NULL,
	"capacity" smallint NOT NULL,
	"seats_sold" smallint DEFAULT 0 NOT NULL,
	"price_percent" smallint DEFAULT 100 NOT NULL,
	CONSTRAINT "tour_departures_seats_check" CHECK ("tour_departures"."capacity" > 0 and "tour_departures"."seats_sold" between 0 and "tour_departures"."capacity"),
	CONSTRAINT "tour_departures_dates_check" CHECK ("tour_departures"."return_date" >= "tour_departures"."departure_date"),
	CONSTRAINT "tour_departures_price_check" CHECK ("tour_departures"."price_percent" between 50 and 300)
);
--> statement-breakpoint
CREATE TABLE "tour_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" text NOT NULL,
	"departure_id" text NOT NULL,
	"hotel_id" text NOT NULL,
	"seats" smallint NOT NULL,
	"rooms" jsonb NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tour_holds_seats_check" CHECK ("tour_holds"."seats" between 1 and 24),
	CONSTRAINT "tour_holds_status_check" CHECK ("tour_holds"."status" in ('held','issued','released','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "tour_package_hotels" (
	"package_id" text NOT NULL,
	"hotel_id" text NOT NULL,
	"names" jsonb NOT NULL,
	"stars" smallint NOT NULL,
	"board" text NOT NULL,
	"addresses" jsonb NOT NULL,
	"rating" double precision,
	"single" integer NOT NULL,
	"double" integer NOT NULL,
	"triple" integer NOT NULL,
	"child_with_bed" integer NOT NULL,
	"child_no_bed" integer NOT NULL,
	"infant" integer NOT NULL,
	CONSTRAINT "tour_package_hotels_package_id_hotel_id_pk" PRIMARY KEY("package_id","hotel_id"),
	CONSTRAINT "tour_package_hotels_stars_check" CHECK ("tour_package_hotels"."stars" between 0 and 5),
	CONSTRAINT "tour_package_hotels_board_check" CHECK ("tour_package_hotels"."board" in ('roomOnly','breakfast','halfBoard','fullBoard','allInclusive')),
	CONSTRAINT "tour_package_hotels_price_check" CHECK ("tour_package_hotels"."infant" > 0 and "tour_package_hotels"."child_no_bed" >= "tour_package_hotels"."infant" and "tour_package_hotels"."double" > 0 and "tour_package_hotels"."single" >= "tour_package_hotels"."double" and "tour_package_hotels"."triple" > 0 and "tour_package_hotels"."child_with_bed" > 0)
);
--> statement-breakpoint
CREATE TABLE "tour_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"from_city" text NOT NULL,
	"to_city" text NOT NULL,
	"country_code" text NOT NULL,
	"transport" text NOT NULL,
	"carrier_code" text NOT NULL,
	"carrier_names" jsonb NOT NULL,
	"nights" smallint NOT NULL,
	"from_utc_offset" smallint NOT NULL,
	"to_utc_offset" smallint NOT NULL,
	"titles" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"itinerary" jsonb NOT NULL,
	"inclusions" text[] NOT NULL,
	"exclusions" jsonb NOT NULL,
	"transfer" text NOT NULL,
	"visa" jsonb,
	"from_airports" text[] NOT NULL,
	"to_airports" text[] NOT NULL,
	"refund_rule_id" text NOT NULL,
	"image" text NOT NULL,
	CONSTRAINT "tour_packages_scope_check" CHECK ("tour_packages"."scope" in ('domestic','international')),
	CONSTRAINT "tour_packages_transport_check" CHECK ("tour_packages"."transport" in ('flight','train','bus')),
	CONSTRAINT "tour_packages_transfer_check" CHECK ("tour_packages"."transfer" in ('withPackage','ownFlight')),
	CONSTRAINT "tour_packages_nights_check" CHECK ("tour_packages"."nights" between 1 and 30)
);
--> statement-breakpoint
CREATE TABLE "tour_refund_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"refundable" boolean NOT NULL,
	"windows" jsonb NOT NULL,
	"after_departure_percent" smallint NOT NULL,
	"policy" jsonb NOT NULL,
	CONSTRAINT "tour_refund_rules_percent_check" CHECK ("tour_refund_rules"."after_departure_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "tour_vouchers" (
	"voucher_number" text PRIMARY KEY NOT NULL,
	"hold_id" uuid NOT NULL,
	"passenger_position" smallint NOT NULL,
	"room" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tour_departures" ADD CONSTRAINT "tour_departures_package_id_tour_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."tour_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_holds" ADD CONSTRAINT "tour_holds_departure_id_tour_departures_id_fk" FOREIGN KEY ("departure_id") REFERENCES "public"."tour_departures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_package_hotels" ADD CONSTRAINT "tour_package_hotels_package_id_tour_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."tour_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_packages" ADD CONSTRAINT "tour_packages_refund_rule_id_tour_refund_rules_id_fk" FOREIGN KEY ("refund_rule_id") REFERENCES "public"."tour_refund_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_vouchers" ADD CONSTRAINT "tour_vouchers_hold_id_tour_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."tour_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tour_departures_date_idx" ON "tour_departures" USING btree ("departure_date","package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_holds_confirmation_key" ON "tour_holds" USING btree ("confirmation");--> statement-breakpoint
CREATE INDEX "tour_holds_expiry_idx" ON "tour_holds" USING btree ("expires_at") WHERE "tour_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "tour_holds_departure_idx" ON "tour_holds" USING btree ("departure_id");--> statement-breakpoint
CREATE INDEX "tour_packages_route_idx" ON "tour_packages" USING btree ("scope","to_city","from_city");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_vouchers_traveller_key" ON "tour_vouchers" USING btree ("hold_id","passenger_position");