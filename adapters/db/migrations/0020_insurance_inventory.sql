CREATE TABLE "insurance_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"country_code" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"insured" smallint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_holds_insured_check" CHECK ("insurance_holds"."insured" between 1 and 18),
	CONSTRAINT "insurance_holds_dates_check" CHECK ("insurance_holds"."end_date" >= "insurance_holds"."start_date"),
	CONSTRAINT "insurance_holds_status_check" CHECK ("insurance_holds"."status" in ('held','issued','cancelled','expired'))
);
--> statement-breakpoint
CREATE TABLE "insurance_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"insurer_code" text NOT NULL,
	"names" jsonb NOT NULL,
	"zone" text NOT NULL,
	"medical_eur" integer NOT NULL,
	"evacuation_eur" integer,
	"baggage_loss_eur" integer,
	"flight_delay_eur" integer,
	"covid" boolean NOT NULL,
	"max_age" smallint NOT NULL,
	"max_days" smallint NOT NULL,
	CONSTRAINT "insurance_plans_zone_check" CHECK ("insurance_plans"."zone" in ('neighbours','asia','schengen','europe','worldwide')),
	CONSTRAINT "insurance_plans_cover_check" CHECK ("insurance_plans"."medical_eur" > 0),
	CONSTRAINT "insurance_plans_limits_check" CHECK ("insurance_plans"."max_age" between 1 and 120 and "insurance_plans"."max_days" between 1 and 365),
	CONSTRAINT "insurance_plans_id_check" CHECK ("insurance_plans"."id" !~ ':')
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"policy_number" text PRIMARY KEY NOT NULL,
	"hold_id" uuid NOT NULL,
	"passenger_position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_prices" (
	"plan_id" text NOT NULL,
	"duration_band" text NOT NULL,
	"age_band" text NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "insurance_prices_plan_id_duration_band_age_band_pk" PRIMARY KEY("plan_id","duration_band","age_band"),
	CONSTRAINT "insurance_prices_price_check" CHECK ("insurance_prices"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "insurance_zones" (
	"country_code" text PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"schengen" boolean NOT NULL,
	CONSTRAINT "insurance_zones_zone_check" CHECK ("insurance_zones"."zone" in ('neighbours','asia','schengen','europe','worldwide')),
	CONSTRAINT "insurance_zones_country_check" CHECK ("insurance_zones"."country_code" ~ '^[A-Z]{2}$' and "insurance_zones"."country_code" <> 'IR')
);
--> statement-breakpoint
CREATE TABLE "insurers" (
	"code" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"policy_prefix" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "insurers_prefix_check" CHECK ("insurers"."policy_prefix" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "insurance_holds" ADD CONSTRAINT "insurance_holds_plan_id_insurance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."insurance_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_plans" ADD CONSTRAINT "insurance_plans_insurer_code_insurers_code_fk" FOREIGN KEY ("insurer_code") REFERENCES "public"."insurers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_hold_id_insurance_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."insurance_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_prices" ADD CONSTRAINT "insurance_prices_plan_id_insurance_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."insurance_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_holds_expiry_idx" ON "insurance_holds" USING btree ("expires_at") WHERE "insurance_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "insurance_plans_insurer_idx" ON "insurance_plans" USING btree ("insurer_code");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_traveller_key" ON "insurance_policies" USING btree ("hold_id","passenger_position");--> statement-breakpoint
CREATE UNIQUE INDEX "insurers_policy_prefix_key" ON "insurers" USING btree ("policy_prefix");