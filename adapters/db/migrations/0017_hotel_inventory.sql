CREATE TABLE "hotel_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"city" text NOT NULL,
	"hotel_id" text NOT NULL,
	"author" text NOT NULL,
	"score" smallint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotel_comments_score_check" CHECK ("hotel_comments"."score" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "hotel_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" text NOT NULL,
	"room_type_id" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"rooms" smallint NOT NULL,
	"lead_passenger" smallint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmation" text,
	"voucher_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotel_holds_stay_check" CHECK ("hotel_holds"."check_out" > "hotel_holds"."check_in"),
	CONSTRAINT "hotel_holds_rooms_check" CHECK ("hotel_holds"."rooms" between 1 and 9),
	CONSTRAINT "hotel_holds_status_check" CHECK ("hotel_holds"."status" in ('held','issued','cancelled','expired'))
);
--> statement-breakpoint
CREATE TABLE "hotel_refund_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"refundable" boolean NOT NULL,
	"windows" jsonb NOT NULL,
	"after_departure_percent" smallint NOT NULL,
	"policy" jsonb NOT NULL,
	CONSTRAINT "hotel_refund_rules_percent_check" CHECK ("hotel_refund_rules"."after_departure_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "hotel_room_nights" (
	"room_type_id" text NOT NULL,
	"night" date NOT NULL,
	"rooms_total" smallint NOT NULL,
	"rooms_sold" smallint NOT NULL,
	CONSTRAINT "hotel_room_nights_room_type_id_night_pk" PRIMARY KEY("room_type_id","night"),
	CONSTRAINT "hotel_room_nights_sold_check" CHECK ("hotel_room_nights"."rooms_sold" between 0 and "hotel_room_nights"."rooms_total")
);
--> statement-breakpoint
CREATE TABLE "hotel_room_types" (
	"id" text PRIMARY KEY NOT NULL,
	"hotel_id" text NOT NULL,
	"room_type" text NOT NULL,
	"names" jsonb NOT NULL,
	"capacity" smallint NOT NULL,
	"extra_beds" smallint NOT NULL,
	"breakfast" boolean NOT NULL,
	"per_night" integer NOT NULL,
	"foreign_per_night" integer,
	"extra_bed_per_night" integer NOT NULL,
	"rooms" smallint NOT NULL,
	CONSTRAINT "hotel_room_types_type_check" CHECK ("hotel_room_types"."room_type" in ('single','double','twin','triple','suite')),
	CONSTRAINT "hotel_room_types_capacity_check" CHECK ("hotel_room_types"."capacity" between 1 and 6 and "hotel_room_types"."extra_beds" between 0 and 1),
	CONSTRAINT "hotel_room_types_price_check" CHECK ("hotel_room_types"."per_night" > 0 and "hotel_room_types"."extra_bed_per_night" >= 0),
	CONSTRAINT "hotel_room_types_rooms_check" CHECK ("hotel_room_types"."rooms" >= 1)
);
--> statement-breakpoint
CREATE TABLE "hotels" (
	"id" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"country_code" text NOT NULL,
	"region" text NOT NULL,
	"utc_offset" text NOT NULL,
	"kind" text NOT NULL,
	"stars" smallint NOT NULL,
	"names" jsonb NOT NULL,
	"addresses" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"facilities" text[] NOT NULL,
	"rules" jsonb NOT NULL,
	"distances" jsonb NOT NULL,
	"rating" jsonb NOT NULL,
	"images" smallint NOT NULL,
	"refund_rule_id" text NOT NULL,
	CONSTRAINT "hotels_region_check" CHECK ("hotels"."region" in ('iran','abroad')),
	CONSTRAINT "hotels_kind_check" CHECK ("hotels"."kind" in ('hotel','apartment','traditional')),
	CONSTRAINT "hotels_stars_check" CHECK ("hotels"."stars" between 0 and 5)
);
--> statement-breakpoint
ALTER TABLE "hotel_comments" ADD CONSTRAINT "hotel_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_comments" ADD CONSTRAINT "hotel_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_holds" ADD CONSTRAINT "hotel_holds_room_type_id_hotel_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."hotel_room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_room_nights" ADD CONSTRAINT "hotel_room_nights_room_type_id_hotel_room_types_id_fk" FOREIGN KEY ("room_type_id") REFERENCES "public"."hotel_room_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_room_types" ADD CONSTRAINT "hotel_room_types_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_refund_rule_id_hotel_refund_rules_id_fk" FOREIGN KEY ("refund_rule_id") REFERENCES "public"."hotel_refund_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_comments_author_key" ON "hotel_comments" USING btree ("tenant_id","user_id","hotel_id");--> statement-breakpoint
CREATE INDEX "hotel_comments_hotel_idx" ON "hotel_comments" USING btree ("hotel_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_holds_confirmation_key" ON "hotel_holds" USING btree ("confirmation");--> statement-breakpoint
CREATE INDEX "hotel_holds_expiry_idx" ON "hotel_holds" USING btree ("expires_at") WHERE "hotel_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "hotel_room_types_hotel_idx" ON "hotel_room_types" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "hotels_city_idx" ON "hotels" USING btree ("city","region");