-- Stamps event_registrations.payment_status_changed_at whenever an admin changes the payment status,
-- so the admin dashboard can list payments as activity with their real time.
CREATE OR REPLACE FUNCTION registration_payment_status_stamp() RETURNS trigger AS $$
BEGIN
  IF NEW.payment_status IS DISTINCT FROM OLD.payment_status THEN
    NEW.payment_status_changed_at := now();
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER event_registrations_payment_status_stamp
  BEFORE UPDATE OF payment_status ON event_registrations
  FOR EACH ROW EXECUTE FUNCTION registration_payment_status_stamp();
