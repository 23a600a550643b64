-- Issue 27: a payment status set by hand (paid at the venue, by Swish or transfer) recorded no amount,
-- so lists said 'Betald' with 0 paid. Since then setPaymentStatus records the event's price with the mark;
-- this gives the rows marked before it the same figures (the price now, the time the status changed).
-- Fees paid on the site (payment_intent_id set) already carry their amounts and are left alone.
UPDATE "event_registrations" AS r
SET "amount_paid" = e."price",
    "amount_refunded" = CASE WHEN r."payment_status" = 'refunded' THEN e."price" ELSE 0 END,
    "paid_at" = coalesce(r."paid_at", r."payment_status_changed_at", r."registered_at")
FROM "events" AS e
WHERE e."id" = r."event_id"
  AND r."payment_intent_id" IS NULL
  AND r."amount_paid" = 0
  AND r."amount_refunded" = 0
  AND r."payment_status" IN ('paid', 'refunded');
