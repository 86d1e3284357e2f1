-- CreateEnum
CREATE TYPE "sandbox_state" AS ENUM ('stopped', 'building', 'running', 'failed');

-- CreateEnum
CREATE TYPE "build_status" AS ENUM ('queued', 'running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "sandboxes" (
    "project_id" UUID NOT NULL,
    "preview_id" TEXT NOT NULL,
    "container_id" TEXT,
    "state" "sandbox_state" NOT NULL DEFAULT 'stopped',
    "built_at" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3),
    "last_visit_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sandboxes_pkey" PRIMARY KEY ("project_id")
);

-- CreateTable
CREATE TABLE "builds" (
    "id" UUID NOT NULL,
    "project_id" UUID NOT NULL,
    "status" "build_status" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "log" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "builds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sandboxes_preview_id_key" ON "sandboxes"("preview_id");

-- CreateIndex
CREATE INDEX "builds_project_id_created_at_idx" ON "builds"("project_id", "created_at");

-- AddForeignKey
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "builds" ADD CONSTRAINT "builds_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
