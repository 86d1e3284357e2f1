// Loads the sample catalogue. Safe to run again: it skips a database that has products.
import { count } from 'drizzle-orm';
import { databaseUrl, db, pool } from '../server/db';
import { sampleProducts } from '../shared/sample-data';
import { products } from '../shared/schema';

if (!databaseUrl) {
  console.error('DATABASE_URL is not set: copy .env.example to .env and fill it in, or initialize the database in Forge.');
  process.exit(1);
}

try {
  const [{ existing }] = await db.select({ existing: count() }).from(products);
  if (existing > 0) {
    console.log('The database already has ' + existing + ' products; nothing to seed.');
  } else {
    await db.insert(products).values(sampleProducts);
    console.log('Seeded ' + sampleProducts.length + ' products.');
  }
} finally {
  await pool.end();
}
