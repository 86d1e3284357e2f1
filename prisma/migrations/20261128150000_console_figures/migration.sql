-- The operators' console (#27): why a host is lost, and how often an account hit a limit.
ALTER TABLE "nodes" ADD COLUMN "last_error" TEXT;
ALTER TABLE "users" ADD COLUMN "limits_hit" INTEGER NOT NULL DEFAULT 0;
