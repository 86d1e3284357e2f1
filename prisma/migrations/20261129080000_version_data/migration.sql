-- Restore points with data (#26): a version of a data app keeps a snapshot of its database, or says why not.
ALTER TABLE "project_versions" ADD COLUMN "data_bytes" INTEGER;
ALTER TABLE "project_versions" ADD COLUMN "data_note" TEXT;
