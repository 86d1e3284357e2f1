-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "seq_reserved" INTEGER NOT NULL DEFAULT 0;
