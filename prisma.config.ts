// For the Prisma CLI on machines that can download its engine (`npx prisma migrate deploy`).
// The platform itself applies prisma/migrations at start-up without the CLI (api/src/platform-db/migrator.ts).
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
