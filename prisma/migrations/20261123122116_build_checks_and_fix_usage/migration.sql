-- AlterTable
ALTER TABLE "builds" ADD COLUMN     "failed_at" TEXT,
ADD COLUMN     "fix_input_tokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "fix_output_tokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "fix_cost_usd" DOUBLE PRECISION NOT NULL DEFAULT 0;
