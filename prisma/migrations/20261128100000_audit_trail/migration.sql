-- Operators' actions, kept in the database (#27): the log printed none of them.
ALTER TYPE "credit_kind" ADD VALUE 'correction';

CREATE TABLE "audit_entries" (
    "id" UUID NOT NULL,
    "operator_id" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "account_id" UUID,
    "project_id" UUID,
    "project_name" TEXT,
    "node_id" TEXT,
    "summary" TEXT NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_entries_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "audit_entries_created_at_id_idx" ON "audit_entries"("created_at", "id");
CREATE INDEX "audit_entries_account_id_action_created_at_idx" ON "audit_entries"("account_id", "action", "created_at");
