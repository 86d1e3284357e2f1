import { pool } from '../server/db';

// Loads sample data. The app replaces this file with its own seed.
console.log('Seed: nothing to seed.');
await pool.end();
