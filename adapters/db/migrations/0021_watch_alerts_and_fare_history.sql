CREATE TABLE "auto_reserves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"service" text NOT NULL,
	"from_code" text NOT NULL,
	"to_code" text NOT NULL,
	"travel_date" date NOT NULL,
	"offer_id" text,
	"time_from" text,
	"time_to" text,
	"adults" smallint NOT NULL,
	"children" smallint DEFAULT 0 NOT NULL,
	"infants" smallint DEFAULT 0 NOT NULL,
	"passengers" jsonb NOT NULL,
	"cap" integer NOT NULL,
	"status" text NOT NULL,
	"booking_id" uuid,
	"claimed_until" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"ended_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auto_reserves_status_check" CHECK ("auto_reserves"."status" in ('waiting','booking','booked','ended','removed')),
	CONSTRAINT "auto_reserves_cap_check" CHECK ("auto_reserves"."cap" > 0),
	CONSTRAINT "auto_reserves_party_check" CHECK ("auto_reserves"."adults" >= 1 and "auto_reserves"."children" >= 0 and "auto_reserves"."infants" >= 0)
);
--> statement-breakpoint
CREATE TABLE "desired_price_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"service" text NOT NULL,
	"from_code" text NOT NULL,
	"to_code" text NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"price" integer NOT NULL,
	"adults" smallint NOT NULL,
	"children" smallint DEFAULT 0 NOT NULL,
	"infants" smallint DEFAULT 0 NOT NULL,
	"passengers" jsonb NOT NULL,
	"latest_attempt" date NOT NULL,
	"status" text NOT NULL,
	"reservation_key" text NOT NULL,
	"booking_id" uuid,
	"claimed_until" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"ended_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "desired_price_orders_status_check" CHECK ("desired_price_orders"."status" in ('open','buying','bought','expired','cancelled')),
	CONSTRAINT "desired_price_orders_price_check" CHECK ("desired_price_orders"."price" > 0),
	CONSTRAINT "desired_price_orders_dates_check" CHECK ("desired_price_orders"."date_to" >= "desired_price_orders"."date_from"),
	CONSTRAINT "desired_price_orders_party_check" CHECK ("desired_price_orders"."adults" >= 1 and "desired_price_orders"."children" >= 0 and "desired_price_orders"."infants" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fare_history" (
	"service" text NOT NULL,
	"from_code" text NOT NULL,
	"to_code" text NOT NULL,
	"departure_date" date NOT NULL,
	"seen_on" date NOT NULL,
	"cheapest" integer NOT NULL,
	CONSTRAINT "fare_history_service_from_code_to_code_departure_date_seen_on_pk" PRIMARY KEY("service","from_code","to_code","departure_date","seen_on"),
	CONSTRAINT "fare_history_cheapest_check" CHECK ("fare_history"."cheapest" > 0)
);
--> statement-breakpoint
CREATE TABLE "watch_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"mobile" text NOT NULL,
	"locale" text NOT NULL,
	"kind" text NOT NULL,
	"service" text NOT NULL,
	"from_code" text NOT NULL,
	"to_code" text NOT NULL,
	"travel_date" date NOT NULL,
	"offer_id" text,
	"adults" smallint DEFAULT 1 NOT NULL,
	"children" smallint DEFAULT 0 NOT NULL,
	"infants" smallint DEFAULT 0 NOT NULL,
	"percent" smallint,
	"interval_minutes" integer NOT NULL,
	"status" text NOT NULL,
	"baseline_price" integer,
	"last_price" integer,
	"last_seats" integer,
	"fired_count" integer DEFAULT 0 NOT NULL,
	"last_fired_at" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	"last_checked_at" timestamp with time zone,
	"remove_token" text NOT NULL,
	"ended_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watch_alerts_kind_check" CHECK ("watch_alerts"."kind" in ('price-drop','seats')),
	CONSTRAINT "watch_alerts_status_check" CHECK ("watch_alerts"."status" in ('pending','active','ended','removed')),
	CONSTRAINT "watch_alerts_percent_check" CHECK (("watch_alerts"."kind" = 'price-drop') = ("watch_alerts"."percent" is not null) and ("watch_alerts"."percent" is null or "watch_alerts"."percent" between 1 and 90)),
	CONSTRAINT "watch_alerts_interval_check" CHECK ("watch_alerts"."interval_minutes" between 5 and 10080),
	CONSTRAINT "watch_alerts_party_check" CHECK ("watch_alerts"."adults" >= 1 and "watch_alerts"."children" >= 0 and "watch_alerts"."infants" >= 0)
);
--> statement-breakpoint
CREATE TABLE "watch_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "watch_events_subject_check" CHECK ("watch_events"."subject_kind" in ('alert','auto-reserve','desired-price'))
);
--> statement-breakpoint
ALTER TABLE "auto_reserves" ADD CONSTRAINT "auto_reserves_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reserves" ADD CONSTRAINT "auto_reserves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reserves" ADD CONSTRAINT "auto_reserves_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desired_price_orders" ADD CONSTRAINT "desired_price_orders_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desired_price_orders" ADD CONSTRAINT "desired_price_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desired_price_orders" ADD CONSTRAINT "desired_price_orders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_events" ADD CONSTRAINT "watch_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_reserves_due_idx" ON "auto_reserves" USING btree ("next_check_at") WHERE "auto_reserves"."status" in ('waiting','booking');--> statement-breakpoint
CREATE INDEX "auto_reserves_user_idx" ON "auto_reserves" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "desired_price_orders_due_idx" ON "desired_price_orders" USING btree ("next_check_at") WHERE "desired_price_orders"."status" in ('open','buying');--> statement-breakpoint
CREATE INDEX "desired_price_orders_user_idx" ON "desired_price_orders" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "desired_price_orders_reservation_key" ON "desired_price_orders" USING btree ("tenant_id","reservation_key");--> statement-breakpoint
CREATE INDEX "fare_history_route_seen_idx" ON "fare_history" USING btree ("service","from_code","to_code","seen_on");--> statement-breakpoint
CREATE INDEX "watch_alerts_due_idx" ON "watch_alerts" USING btree ("next_check_at") WHERE "watch_alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "watch_alerts_user_idx" ON "watch_alerts" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "watch_alerts_mobile_idx" ON "watch_alerts" USING btree ("tenant_id","mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_alerts_remove_token_key" ON "watch_alerts" USING btree ("remove_token");--> statement-breakpoint
CREATE INDEX "watch_events_subject_idx" ON "watch_events" USING btree ("subject_id","at");--> statement-breakpoint
CREATE INDEX "watch_events_tenant_day_idx" ON "watch_events" USING btree ("tenant_id","kind","at");