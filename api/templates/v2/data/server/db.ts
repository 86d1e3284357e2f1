import './env';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../shared/schema';

export const databaseUrl = process.env.DATABASE_URL ?? '';

export const pool = new pg.Pool({ connectionString: databaseUrl || undefined, max: 5 });

export const db = drizzle(pool, { schema });
