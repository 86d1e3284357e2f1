-- AlterTable
ALTER TABLE "job_events" ALTER COLUMN "data" SET DATA TYPE TEXT;
