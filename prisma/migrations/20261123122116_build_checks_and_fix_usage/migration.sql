-- AlterTable
ALTER TABLE "builds" ADD COLUMN     "failed_at" TEXT;
