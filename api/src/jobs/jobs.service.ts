import { Injectable } from '@nestjs/common';
import type { ActiveJobsResponse, JobStatusResponse } from '@forge/protocol/api';
import { notFound } from '../common/errors/domain-error.js';
import { JobsRepository } from './jobs.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class JobsService {
  constructor(private readonly repository: JobsRepository) {}

  async active(ownerId: string): Promise<ActiveJobsResponse> {
    return { jobs: await this.repository.listRunning(ownerId) };
  }

  async status(ownerId: string, id: string): Promise<JobStatusResponse> {
    const job = UUID.test(id) ? await this.repository.findStatus(ownerId, id) : null;
    if (!job) throw notFound('Job not found');
    return { status: job.status };
  }
}
