ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "claim_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_ends_at" timestamp with time zone;--> statement-breakpoint
-- Claims made before leases counted as running for ten minutes after they were made; they keep that.
UPDATE "idempotency_keys" SET "lease_ends_at" = "created_at" + interval '10 minutes' WHERE "status_code" IS NULL;
