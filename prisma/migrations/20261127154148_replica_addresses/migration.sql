-- AlterTable
ALTER TABLE "replicas" ADD COLUMN     "addresses" TEXT[] DEFAULT ARRAY[]::TEXT[];
