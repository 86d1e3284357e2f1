import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/app-config.js';
import { type RunningDatabase, startEmbeddedPostgres } from './database/embedded-postgres.js';
import { migrate } from './database/migrator.js';

const logger = {
  log: (line: string) => console.log(`[forge] ${line}`),
  warn: (line: string) => console.warn(`[forge] warning: ${line}`),
  error: (line: string) => console.error(`[forge] error: ${line}`),
};
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { version });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`\n${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }

  let embedded: RunningDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => logger.log(line));
    databaseUrl = embedded.url;
    logger.log('Embedded PostgreSQL is running');
  }
  const stopDatabase = async () => {
    if (embedded) await embedded.stop().catch((err: Error) => logger.error(`Stopping PostgreSQL: ${err.message}`));
    embedded = null;
  };

  try {
    await migrate(databaseUrl, (line) => logger.log(line));
    const app = await createApp(config, databaseUrl);
    await app.listen(config.port, config.host);
    const shutdown = async (signal: string) => {
      logger.log(`${signal}: shutting down`);
      await app.close();
      await stopDatabase();
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    logger.log(`Forge ${version} is ready at http://localhost:${config.port}/`);
    if (!config.webDistDir) logger.warn('The web app is not built (web/dist is missing): only the API is served.');
  } catch (err) {
    await stopDatabase();
    throw err;
  }
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
