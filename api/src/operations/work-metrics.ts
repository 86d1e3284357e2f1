import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// The platform's Prometheus metrics. One registry per process, as Prometheus counts: each replica
// is scraped on its own and the counters add up across replicas. Services report what they do
// through `workMetrics` (one call each), so they need no new dependency to be measured.

export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'forge_' });

const jobsStarted = new Counter({ name: 'forge_jobs_started_total', help: 'Generations started on this replica.', registers: [metricsRegistry] });
const jobsFinished = new Counter({
  name: 'forge_jobs_finished_total',
  help: 'Generations ended on this replica, by outcome.',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
const jobsRunning = new Gauge({ name: 'forge_jobs_running', help: 'Generations running on this replica now.', registers: [metricsRegistry] });
const buildsStarted = new Counter({ name: 'forge_builds_started_total', help: 'Builds started on this replica.', registers: [metricsRegistry] });
const buildsFinished = new Counter({
  name: 'forge_builds_finished_total',
  help: 'Builds ended on this replica (after any automatic fixes), by outcome.',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});
const buildsRunning = new Gauge({ name: 'forge_builds_running', help: 'Builds on this replica now, running or waiting for a slot.', registers: [metricsRegistry] });
const buildQueueDepth = new Gauge({ name: 'forge_build_queue_depth', help: 'Builds waiting for a build slot on this replica.', registers: [metricsRegistry] });
const previewLatency = new Histogram({
  name: 'forge_preview_proxy_duration_seconds',
  help: 'Time to answer a preview request through the proxy, until the response ends.',
  labelNames: ['outcome'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

/** Filled at each scrape from the database by the metrics service. */
export const sandboxesRunning = new Gauge({
  name: 'forge_sandboxes_running',
  help: 'Project sandboxes recorded as running, by the host they run on (all replicas: read from the database).',
  labelNames: ['node'] as const,
  registers: [metricsRegistry],
});
/** Filled at each scrape from the work queue (all replicas). */
export const workQueueJobs = new Gauge({
  name: 'forge_work_queue_jobs',
  help: 'Jobs in the work queue all replicas share, by queue and state (queued: waiting for a replica; active: running).',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});
/** Filled at each scrape from the database. */
export const replicasAlive = new Gauge({ name: 'forge_replicas', help: 'API replicas beating in the database.', registers: [metricsRegistry] });
export const draining = new Gauge({ name: 'forge_draining', help: '1 while this replica shuts down and takes no new jobs or builds.', registers: [metricsRegistry] });

export type JobOutcome = 'completed' | 'failed';
export type BuildOutcome = 'succeeded' | 'failed';
export type PreviewOutcome = 'proxied' | 'page' | 'error';

export const workMetrics = {
  jobStarted(): void {
    jobsStarted.inc();
    jobsRunning.inc();
  },
  jobFinished(outcome: JobOutcome): void {
    jobsFinished.inc({ outcome });
    jobsRunning.dec();
  },
  buildStarted(): void {
    buildsStarted.inc();
    buildsRunning.inc();
  },
  buildFinished(outcome: BuildOutcome): void {
    buildsFinished.inc({ outcome });
    buildsRunning.dec();
  },
  buildQueueDepth(waiting: number): void {
    buildQueueDepth.set(waiting);
  },
  /** Starts timing one preview request; call the answer with how it was served. */
  previewRequest(): (outcome: PreviewOutcome) => void {
    const end = previewLatency.startTimer();
    return (outcome) => void end({ outcome });
  },
  /** Jobs and builds running on this replica: what a graceful shutdown waits for. */
  async runningWork(): Promise<{ jobs: number; builds: number }> {
    const [jobs, builds] = await Promise.all([jobsRunning.get(), buildsRunning.get()]);
    return { jobs: jobs.values[0]?.value ?? 0, builds: builds.values[0]?.value ?? 0 };
  },
};
