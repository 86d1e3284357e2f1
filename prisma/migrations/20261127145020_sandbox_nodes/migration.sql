-- CreateEnum
CREATE TYPE "sandbox_node_state" AS ENUM ('healthy', 'lost');

-- AlterTable
ALTER TABLE "sandboxes" ADD COLUMN     "app_address" TEXT,
ADD COLUMN     "node_id" TEXT;

-- CreateTable
CREATE TABLE "nodes" (
    "id" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "address" TEXT,
    "capacity_memory_mb" INTEGER NOT NULL,
    "capacity_cpus" DOUBLE PRECISION NOT NULL,
    "free_memory_mb" INTEGER NOT NULL,
    "free_cpus" DOUBLE PRECISION NOT NULL,
    "running_sandboxes" INTEGER NOT NULL DEFAULT 0,
    "state" "sandbox_node_state" NOT NULL DEFAULT 'healthy',
    "draining" BOOLEAN NOT NULL DEFAULT false,
    "checked_at" TIMESTAMPTZ(3),
    "heartbeat_at" TIMESTAMPTZ(3),
    "missed_heartbeats" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "nodes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sandboxes_node_id_idx" ON "sandboxes"("node_id");

-- AddForeignKey
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_node_id_fkey" FOREIGN KEY ("node_id") REFERENCES "nodes"("id") ON DELETE SET NULL ON UPDATE CASCADE;
