-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "replica_id" UUID;

-- CreateTable
CREATE TABLE "replicas" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "replicas_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "project_claims" (
    "owner_id" UUID NOT NULL,
    "project_name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "job_id" UUID,
    "replica_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "project_claims_pkey" PRIMARY KEY ("owner_id","project_name")
);

-- CreateIndex
CREATE UNIQUE INDEX "project_claims_job_id_key" ON "project_claims"("job_id");

-- CreateIndex
CREATE INDEX "project_claims_replica_id_idx" ON "project_claims"("replica_id");

-- CreateIndex
CREATE INDEX "jobs_replica_id_status_idx" ON "jobs"("replica_id", "status");

-- AddForeignKey
ALTER TABLE "project_claims" ADD CONSTRAINT "project_claims_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_claims" ADD CONSTRAINT "project_claims_replica_id_fkey" FOREIGN KEY ("replica_id") REFERENCES "replicas"("id") ON DELETE CASCADE ON UPDATE CASCADE;
