import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { SERVER_DRAINING } from '../common/events/domain-events.js';
import { hangUpStreams, openStreamCount } from '../common/http/sse.js';
import { DrainState } from './drain.js';
import { InFlightRequests } from './in-flight-requests.js';
import { workMetrics } from './work-metrics.js';

const POLL_MS = 100;
/** How long the streams of work that just ended get to send their last events before the rest are hung up. */
const LAST_EVENTS_MS = 3_000;

/**
 * Shuts the app down without cutting work short when it can: from now on it starts no job or
 * build (those requests answer 503, /api/ready too), waits for running jobs and builds, stops
 * listening, ends open event streams with a hint to reconnect elsewhere, waits for requests still
 * being answered, and closes. Whatever still runs when the
 * grace period ends is stopped; jobs it cut short are marked failed at the next start.
 */
export async function shutDownGracefully(app: INestApplication, graceMs: number, log: (line: string) => void): Promise<void> {
  const deadline = Date.now() + graceMs;
  app.get(DrainState).begin();
  // Work still queued is left for the other replicas.
  await app
    .get(EventEmitter2)
    .emitAsync(SERVER_DRAINING)
    .catch((err: Error) => log(`Leaving the work queue: ${err.message}`));
  const inFlight = app.get(InFlightRequests);
  const server = app.getHttpServer() as Server;

  let work = await workMetrics.runningWork();
  if (work.jobs + work.builds > 0) log(`Waiting up to ${Math.ceil(graceMs / 1000)} s for ${describeWork(work)} to finish; new jobs and builds are refused`);
  while (work.jobs + work.builds > 0 && Date.now() < deadline) {
    await sleep(POLL_MS);
    work = await workMetrics.runningWork();
  }

  // No new connections from here; idle keep-alive ones close now.
  server.close();
  // A stream following work that just ended is still writing its last events, and ends by itself.
  const lastEvents = Math.min(deadline, Date.now() + LAST_EVENTS_MS);
  while (openStreamCount() > 0 && Date.now() < lastEvents) await sleep(POLL_MS);
  // Streams still open follow work elsewhere (or cut short): their clients go on at another replica.
  const hungUp = hangUpStreams();
  if (hungUp > 0) log(`Closed ${hungUp} event stream${hungUp === 1 ? '' : 's'}, asking their clients to reconnect`);
  while (inFlight.count > 0 && Date.now() < deadline) await sleep(POLL_MS);

  const left = [work.jobs + work.builds > 0 ? describeWork(work) : '', inFlight.count > 0 ? `${inFlight.count} request${inFlight.count === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
  if (left) log(`The grace period (${Math.ceil(graceMs / 1000)} s) is over: stopping ${left}`);
  server.closeAllConnections();
  await app.close();
}

function describeWork({ jobs, builds }: { jobs: number; builds: number }): string {
  const parts = [jobs > 0 ? `${jobs} job${jobs === 1 ? '' : 's'}` : '', builds > 0 ? `${builds} build${builds === 1 ? '' : 's'}` : ''];
  return parts.filter(Boolean).join(' and ');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
