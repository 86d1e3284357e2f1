-- CreateEnum
CREATE TYPE "version_kind" AS ENUM ('generation', 'edit', 'fix', 'restore', 'save');

-- CreateTable
CREATE TABLE "project_versions" (
    "project_id" UUID NOT NULL,
    "id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" "version_kind" NOT NULL,
    "message" TEXT NOT NULL,
    "files" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "project_versions_pkey" PRIMARY KEY ("project_id","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "project_versions_project_id_seq_key" ON "project_versions"("project_id", "seq");

-- AddForeignKey
ALTER TABLE "project_versions" ADD CONSTRAINT "project_versions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
