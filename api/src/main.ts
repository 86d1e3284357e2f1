import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/app-config.js';
import { type RunningDatabase, startEmbeddedPostgres } from './platform-db/embedded-postgres.js';
import { migrate } from './platform-db/migrator.js';
import { shutDownGracefully } from './operations/graceful-shutdown.js';
import { startupLogger } from './operations/json-logger.js';
import { logUnhandledRejections } from './operations/unhandled-rejections.js';
import { type RunningProjectsServer, startProjectsDatabaseServer } from './project-databases/projects-server.js';
import { findSandboxNetwork } from './sandboxes/sandbox-network.js';
import { TOP_UPS_OFF_MESSAGE } from './topups/chain/usdc-deposit.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
// Before the settings are read, only this one decides how the first lines look.
const jsonFromTheStart = process.env.LOG_FORMAT?.trim() === 'json';
let logger = startupLogger(jsonFromTheStart ? 'json' : 'text');

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { version });
  } catch (err) {
    if (err instanceof ConfigError) {
      if (jsonFromTheStart) logger.error(err.message);
      else console.error(`\n${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  logger = startupLogger(config.operations.logFormat);

  let embedded: RunningDatabase | null = null;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, (line) => logger.log(line));
    databaseUrl = embedded.url;
    logger.log('Embedded PostgreSQL is running');
  }
  let projectsServer: RunningProjectsServer | null = null;
  const stopDatabase = async () => {
    if (projectsServer) await projectsServer.stop().catch((err: Error) => logger.error(`Stopping the projects' PostgreSQL: ${err.message}`));
    projectsServer = null;
    if (embedded) await embedded.stop().catch((err: Error) => logger.error(`Stopping PostgreSQL: ${err.message}`));
    embedded = null;
  };

  try {
    await migrate(databaseUrl, (line) => logger.log(line));
    // Generated apps' databases live on a server of their own, reachable from sandboxes.
    const network = await findSandboxNetwork(config).catch((err: Error) => {
      logger.warn(`The sandbox network could not be set up: ${err.message}`);
      return null;
    });
    projectsServer = await startProjectsDatabaseServer(config, network, (line) => logger.log(line));
    logger.log(projectsServer.embedded ? 'Embedded PostgreSQL for project databases is running' : 'Project databases use PROJECTS_DATABASE_URL');
    const app = await createApp(config, databaseUrl, { projectsDatabase: projectsServer });
    await app.listen(config.port, config.host);
    let stopping = false;
    const stop = async (signal: NodeJS.Signals) => {
      // A second signal while draining means now.
      if (stopping) {
        logger.warn(`${signal} again: stopping at once`);
        process.exit(1);
      }
      stopping = true;
      // SIGTERM (orchestrators, docker stop) drains first; SIGINT (Ctrl-C) stops what runs.
      const graceMs = signal === 'SIGTERM' ? config.operations.shutdownGraceSeconds * 1000 : 0;
      logger.log(`${signal}: shutting down${graceMs > 0 ? `, taking no new jobs or builds (grace period ${graceMs / 1000} s)` : ''}`);
      try {
        await shutDownGracefully(app, graceMs, (line) => logger.log(line));
      } catch (err) {
        logger.error(`Shutting down: ${(err as Error).message}`);
      }
      await stopDatabase();
      logger.log('Stopped');
      process.exit(0);
    };
    // embedded-postgres hooks these signals at import to exit with 128+signal once its servers stop,
    // which would cut the drain short: this process owns them, and stops the database itself.
    process.removeAllListeners('SIGINT');
    process.removeAllListeners('SIGTERM');
    process.on('SIGINT', () => void stop('SIGINT'));
    process.on('SIGTERM', () => void stop('SIGTERM'));
    logger.log(`Forge ${version} is ready at http://localhost:${config.port}/`);
    if (!config.webDistDir) logger.warn('The web app is not built (web/dist is missing): only the API is served.');
    const { topUps } = config;
    logger.log(topUps ? `USDC top-ups are on: deposits to ${topUps.depositAddress}, credited after ${topUps.confirmations} confirmations` : TOP_UPS_OFF_MESSAGE);
  } catch (err) {
    await stopDatabase();
    throw err;
  }
}

// The current logger, whichever format the settings chose by then.
logUnhandledRejections((line) => logger.error(line));

main().catch((err: unknown) => {
  // Whatever was thrown, print its real cause: a library may reject with a string or nothing.
  logger.error(err instanceof Error ? (err.stack ?? err.message) : `Start-up failed: ${String(err)}`);
  process.exit(1);
});
