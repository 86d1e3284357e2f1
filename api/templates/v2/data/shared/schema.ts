// The app's tables (Drizzle, drizzle-orm/pg-core). The app replaces this file with its own schema;
// db/meta.json describes the same tables.
export {};
