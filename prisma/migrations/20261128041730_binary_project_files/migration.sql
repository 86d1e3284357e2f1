-- AlterTable
ALTER TABLE "project_files" ADD COLUMN     "binary" BOOLEAN NOT NULL DEFAULT false;
