CREATE INDEX "bookings_sold_updated_idx" ON "bookings" USING btree ("updated_at") WHERE "bookings"."status" in ('issued','refund_requested','refunded');--> statement-breakpoint
CREATE INDEX "mobile_charges_paid_idx" ON "mobile_charges" USING btree ("updated_at") WHERE "mobile_charges"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payments_charge_idx" ON "payments" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");