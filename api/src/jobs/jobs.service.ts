import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ActiveJobsResponse, JobStatusResponse, StartJobResponse } from '@forge/protocol/api';
import { normalizeProjectName } from '@forge/protocol/project-name';
import { notFound } from '../common/errors/domain-error.js';
import { AgentService } from '../agent/agent.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import type { StartJobDto } from './dto/start-job.dto.js';
import { DONE_EVENT_TYPE, DONE_PAYLOAD, JobEventLog, type JobEventRecord } from './job-events.js';
import { JobRunner } from './job-runner.js';
import { JobsRepository } from './jobs.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEARTBEAT_MS = 15_000;
export const INTERRUPTED_MESSAGE =
  'The server stopped while this job was running. The files it had completed are saved; generate again to finish the project.';

@Injectable()
export class JobsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly repository: JobsRepository,
    private readonly events: JobEventLog,
    private readonly runner: JobRunner,
    private readonly agent: AgentService,
    private readonly projects: ProjectsService,
  ) {}

  async start(ownerId: string, dto: StartJobDto): Promise<StartJobResponse> {
    const projectName = normalizeProjectName(dto.projectName);
    this.projects.assertValidName(projectName);
    const job = await this.repository.create({
      ownerId,
      projectName,
      prompt: dto.prompt,
      provider: this.agent.provider.name,
      model: this.agent.provider.model,
    });
    this.events.open(job.id);
    // The job belongs to the server now: it runs whether or not anyone watches.
    void this.runner.run({ id: job.id, ownerId, input: { prompt: dto.prompt, projectName, images: dto.images } });
    return { jobId: job.id };
  }

  async active(ownerId: string): Promise<ActiveJobsResponse> {
    return { jobs: await this.repository.listRunning(ownerId) };
  }

  async status(ownerId: string, id: string): Promise<JobStatusResponse> {
    return { status: (await this.find(ownerId, id)).status };
  }

  /** Server-sent events: everything after Last-Event-ID (or from the start), then live until [DONE]. */
  async stream(ownerId: string, id: string, req: Request, res: Response): Promise<void> {
    await this.find(ownerId, id);
    const afterSeq = Math.max(0, Number.parseInt(String(req.get('last-event-id') ?? req.query.lastEventId ?? '0'), 10) || 0);
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.socket?.setNoDelay(true);

    let stop: () => void = () => {};
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      stop();
      if (!res.writableEnded) res.end();
    };
    req.on('close', end);
    stop = await this.events.follow(id, afterSeq, (events) => {
      res.write(events.map(formatEvent).join(''));
      if (events[events.length - 1]!.type === DONE_EVENT_TYPE) end();
    });
    if (res.writableEnded) stop();
    else if (!this.events.isLive(id)) end();
  }

  private async find(ownerId: string, id: string) {
    const job = UUID.test(id) ? await this.repository.findForOwner(ownerId, id) : null;
    if (!job) throw notFound('Job not found');
    return job;
  }

  /** Jobs a stopped server left running end as failed, with a clear message to their viewers. */
  async onApplicationBootstrap(): Promise<void> {
    for (const { id } of await this.repository.listInterrupted()) {
      if (this.events.isLive(id)) continue;
      const lastSeq = await this.repository.lastSeq(id);
      await this.repository.insertEvents(id, [
        { seq: lastSeq + 1, type: 'error', payload: JSON.stringify({ type: 'error', message: INTERRUPTED_MESSAGE }) },
        { seq: lastSeq + 2, type: 'status', payload: JSON.stringify({ type: 'status', status: 'failed' }) },
        { seq: lastSeq + 3, type: DONE_EVENT_TYPE, payload: DONE_PAYLOAD },
      ]);
      await this.repository.finish(id, 'failed', INTERRUPTED_MESSAGE);
      this.logger.warn(`Job ${id} was running when the server stopped; marked failed`);
    }
  }
}

export function formatEvent(event: JobEventRecord): string {
  return `id: ${event.seq}\ndata: ${event.payload}\n\n`;
}
