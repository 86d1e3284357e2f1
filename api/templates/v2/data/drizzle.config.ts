import { existsSync } from 'node:fs';
import { defineConfig } from 'drizzle-kit';

if (existsSync('.env')) process.loadEnvFile('.env');

if (!process.env.DATABASE_URL) {
  throw new Error('DATABASE_URL is not set: copy .env.example to .env and fill it in, or initialize the database in Forge.');
}

export default defineConfig({
  dialect: 'postgresql',
  schema: './shared/schema.ts',
  out: './drizzle',
  dbCredentials: { url: process.env.DATABASE_URL },
});
