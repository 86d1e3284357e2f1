-- CreateEnum
CREATE TYPE "project_conventions" AS ENUM ('v1', 'v2');

-- AlterTable: every project made before this column was generated under v1; new ones are v2.
ALTER TABLE "projects" ADD COLUMN     "conventions" "project_conventions" NOT NULL DEFAULT 'v1';
ALTER TABLE "projects" ALTER COLUMN "conventions" SET DEFAULT 'v2';
