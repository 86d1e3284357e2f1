-- One run model: generations, edits, builds and fixes are runs, each with one stored, numbered event
-- log of protocol RunEvents. The jobs table becomes the runs table; builds keep their own columns in
-- builds, whose id is their run's; job and build events are converted to RunEvents in place.

-- Runs: the jobs, generalised.
ALTER TABLE "jobs" RENAME TO "runs";
ALTER TABLE "runs" RENAME CONSTRAINT "jobs_pkey" TO "runs_pkey";
ALTER TABLE "runs" RENAME CONSTRAINT "jobs_owner_id_fkey" TO "runs_owner_id_fkey";
ALTER TABLE "runs" RENAME CONSTRAINT "jobs_project_id_fkey" TO "runs_project_id_fkey";
ALTER INDEX "jobs_owner_id_status_idx" RENAME TO "runs_owner_id_status_idx";
ALTER INDEX "jobs_replica_id_status_idx" RENAME TO "runs_replica_id_status_idx";

-- New enum types rather than added values: a value added to an enum cannot be used in the transaction that adds it.
CREATE TYPE "run_kind" AS ENUM ('generation', 'edit', 'build', 'fix', 'import', 'live_preview');
CREATE TYPE "run_status" AS ENUM ('queued', 'running', 'completed', 'failed');
ALTER TABLE "runs" ALTER COLUMN "kind" DROP DEFAULT;
ALTER TABLE "runs" ALTER COLUMN "kind" TYPE "run_kind" USING (CASE "kind"::text WHEN 'generate' THEN 'generation' ELSE "kind"::text END)::"run_kind";
ALTER TABLE "runs" ALTER COLUMN "status" DROP DEFAULT;
ALTER TABLE "runs" ALTER COLUMN "status" TYPE "run_status" USING ("status"::text)::"run_status";
ALTER TABLE "runs" ALTER COLUMN "status" SET DEFAULT 'running';
DROP TYPE "job_kind";
DROP TYPE "job_status";
ALTER TABLE "runs" ALTER COLUMN "prompt" SET DEFAULT '';
ALTER TABLE "runs" ALTER COLUMN "provider" DROP NOT NULL;

-- Run events: the job events, in the run vocabulary.
ALTER TABLE "job_events" RENAME TO "run_events";
ALTER TABLE "run_events" RENAME COLUMN "job_id" TO "run_id";
ALTER TABLE "run_events" RENAME CONSTRAINT "job_events_pkey" TO "run_events_pkey";
ALTER TABLE "run_events" RENAME CONSTRAINT "job_events_job_id_fkey" TO "run_events_run_id_fkey";

UPDATE "run_events" e
SET "type" = 'started',
    "data" = json_build_object('type', 'started', 'runId', r."id", 'kind', 'edit', 'projectName', r."project_name")::text
FROM "runs" r
WHERE r."id" = e."run_id" AND r."kind" = 'edit' AND e."type" = 'started';

UPDATE "run_events" e
SET "type" = 'started',
    "data" = json_build_object('type', 'started', 'runId', r."id", 'kind', 'generation', 'projectName', r."project_name", 'provider', e."data"::json->>'provider')::text
FROM "runs" r
WHERE r."id" = e."run_id" AND e."type" = 'status' AND e."data"::json->>'status' = 'running';

UPDATE "run_events"
SET "type" = 'result', "data" = json_build_object('type', 'result', 'success', "data"::json->>'status' = 'completed', 'filesSaved', ("data"::json->>'filesSaved')::int)::text
WHERE "type" = 'status';

UPDATE "run_events" SET "type" = 'text', "data" = json_build_object('type', 'text', 'text', "data"::json->'delta'->>'text')::text WHERE "type" = 'content_block_delta';
UPDATE "run_events" SET "type" = 'continued', "data" = json_build_object('type', 'continued', 'reason', "data"::json->>'reason')::text WHERE "type" = 'response_start';
UPDATE "run_events" SET "type" = 'file', "data" = json_build_object('type', 'file', 'path', "data"::json->>'path', 'change', 'saved')::text WHERE "type" = 'file_saved';
UPDATE "run_events" SET "type" = 'file', "data" = json_build_object('type', 'file', 'path', "data"::json->>'path', 'change', "data"::json->>'change')::text WHERE "type" = 'file_changed';
UPDATE "run_events" SET "type" = 'result', "data" = json_build_object('type', 'result', 'success', true, 'message', "data"::json->'message')::text WHERE "type" = 'complete';
UPDATE "run_events" SET "type" = 'end', "data" = '{"type":"end"}' WHERE "type" = 'done';

-- A line without a level gets the one the spec's classification gives it (protocol levelOfLine).
CREATE FUNCTION "pg_temp"."level_of_line"(message TEXT) RETURNS TEXT LANGUAGE SQL IMMUTABLE AS $$
  SELECT CASE
    WHEN strpos(message, '✅') > 0 OR strpos(message, 'successful') > 0 OR strpos(message, '🎉') > 0 THEN 'success'
    WHEN strpos(message, '❌') > 0 OR strpos(message, '⚠️') > 0 OR strpos(message, 'failed') > 0 OR strpos(message, 'Error') > 0 THEN 'error'
    ELSE 'info'
  END
$$;

UPDATE "run_events"
SET "data" = json_build_object(
      'type', 'log',
      'level', CASE WHEN "data"::json->>'level' IN ('info', 'success', 'warning', 'error') THEN "data"::json->>'level' ELSE "pg_temp"."level_of_line"("data"::json->>'message') END,
      'message', "data"::json->>'message')::text
WHERE "type" = 'log';

-- Builds are runs: each gets its run, and its events join the run events.
INSERT INTO "runs" ("id", "owner_id", "project_id", "project_name", "kind", "status", "error", "replica_id", "seq_reserved", "created_at", "finished_at")
SELECT b."id", p."owner_id", b."project_id", p."name", 'build',
       (CASE b."status"::text WHEN 'succeeded' THEN 'completed' WHEN 'failed' THEN 'failed' ELSE 'running' END)::"run_status",
       b."error", b."replica_id", COALESCE((SELECT max(be."seq") FROM "build_events" be WHERE be."build_id" = b."id"), 0), b."created_at", b."finished_at"
FROM "builds" b JOIN "projects" p ON p."id" = b."project_id";

INSERT INTO "run_events" ("run_id", "seq", "type", "data")
SELECT be."build_id", be."seq",
       CASE be."type" WHEN 'done' THEN 'end' ELSE be."type" END,
       CASE be."type"
         WHEN 'log' THEN json_build_object('type', 'log', 'level', "pg_temp"."level_of_line"(be."data"::json->>'data'), 'message', be."data"::json->>'data')::text
         WHEN 'result' THEN (jsonb_build_object('type', 'result') || (be."data"::jsonb->'data'))::text
         WHEN 'error' THEN jsonb_strip_nulls(jsonb_build_object('type', 'error', 'message', be."data"::json->'data'->>'error', 'details', be."data"::json->'data'->>'details'))::text
         ELSE '{"type":"end"}'
       END
FROM "build_events" be;

DROP TABLE "build_events";

ALTER TABLE "builds" ADD CONSTRAINT "builds_id_fkey" FOREIGN KEY ("id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A generation's or edit's charge names its run.
ALTER TABLE "credit_entries" RENAME COLUMN "job_id" TO "run_id";
ALTER TABLE "credit_entries" RENAME CONSTRAINT "credit_entries_job_id_fkey" TO "credit_entries_run_id_fkey";
ALTER INDEX "credit_entries_job_id_idx" RENAME TO "credit_entries_run_id_idx";
