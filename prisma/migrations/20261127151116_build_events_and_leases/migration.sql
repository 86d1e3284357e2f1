-- AlterTable
ALTER TABLE "builds" ADD COLUMN     "replica_id" UUID;

-- CreateTable
CREATE TABLE "build_events" (
    "build_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" TEXT NOT NULL,

    CONSTRAINT "build_events_pkey" PRIMARY KEY ("build_id","seq")
);

-- CreateTable
CREATE TABLE "build_leases" (
    "project_id" UUID NOT NULL,
    "build_id" UUID NOT NULL,
    "replica_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "build_leases_pkey" PRIMARY KEY ("project_id")
);

-- CreateIndex
CREATE INDEX "builds_replica_id_status_idx" ON "builds"("replica_id", "status");

-- AddForeignKey
ALTER TABLE "build_events" ADD CONSTRAINT "build_events_build_id_fkey" FOREIGN KEY ("build_id") REFERENCES "builds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "build_leases" ADD CONSTRAINT "build_leases_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "build_leases" ADD CONSTRAINT "build_leases_replica_id_fkey" FOREIGN KEY ("replica_id") REFERENCES "replicas"("id") ON DELETE CASCADE ON UPDATE CASCADE;
