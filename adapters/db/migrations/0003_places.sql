CREATE TABLE "place_search_keys" (
	"key" text NOT NULL,
	"place_id" text NOT NULL,
	CONSTRAINT "place_search_keys_key_place_id_pk" PRIMARY KEY("key","place_id")
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"parent_id" text,
	"country_code" text NOT NULL,
	"iata" text,
	"names" jsonb NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"services" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "places_kind_check" CHECK ("places"."kind" in ('province','city','airport','station','terminal','country'))
);
--> statement-breakpoint
ALTER TABLE "place_search_keys" ADD CONSTRAINT "place_search_keys_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_search_keys_place_idx" ON "place_search_keys" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "places_parent_idx" ON "places" USING btree ("parent_id");