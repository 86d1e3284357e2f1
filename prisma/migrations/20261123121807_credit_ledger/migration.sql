-- CreateEnum
CREATE TYPE "credit_kind" AS ENUM ('welcome', 'charge', 'topup', 'grant');

-- AlterTable
ALTER TABLE "builds" ADD COLUMN     "input_tokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "output_tokens" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "credit_entries" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "kind" "credit_kind" NOT NULL,
    "amount_micro_usd" BIGINT NOT NULL,
    "description" TEXT NOT NULL,
    "job_id" UUID,
    "build_id" UUID,
    "input_tokens" INTEGER NOT NULL DEFAULT 0,
    "output_tokens" INTEGER NOT NULL DEFAULT 0,
    "granted_by" UUID,
    "external_ref" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "credit_entries_external_ref_key" ON "credit_entries"("external_ref");

-- CreateIndex
CREATE INDEX "credit_entries_account_id_created_at_idx" ON "credit_entries"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "credit_entries_job_id_idx" ON "credit_entries"("job_id");

-- CreateIndex
CREATE INDEX "credit_entries_build_id_idx" ON "credit_entries"("build_id");

-- AddForeignKey
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_build_id_fkey" FOREIGN KEY ("build_id") REFERENCES "builds"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_granted_by_fkey" FOREIGN KEY ("granted_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Accounts made before the ledger get the welcome credit they would have had at sign-up (the default
-- WELCOME_CREDIT_USD), so that nobody is refused for a balance that merely did not exist yet.
INSERT INTO "credit_entries" ("id", "account_id", "kind", "amount_micro_usd", "description", "created_at")
SELECT gen_random_uuid(), "id", 'welcome', 10000000, 'Welcome credit', "created_at" FROM "users";
