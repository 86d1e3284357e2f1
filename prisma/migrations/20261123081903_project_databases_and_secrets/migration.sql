-- CreateEnum
CREATE TYPE "project_database_kind" AS ENUM ('provided', 'custom');

-- CreateTable
CREATE TABLE "project_secrets" (
    "project_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "project_secrets_pkey" PRIMARY KEY ("project_id","key")
);

-- CreateTable
CREATE TABLE "project_databases" (
    "project_id" UUID NOT NULL,
    "provided_name" TEXT,
    "provided_password" TEXT,
    "custom_url" TEXT,
    "active" "project_database_kind",
    "initialized_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "project_databases_pkey" PRIMARY KEY ("project_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "project_databases_provided_name_key" ON "project_databases"("provided_name");

-- AddForeignKey
ALTER TABLE "project_secrets" ADD CONSTRAINT "project_secrets_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_databases" ADD CONSTRAINT "project_databases_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
