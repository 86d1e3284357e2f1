import { Injectable } from '@nestjs/common';
import { fromPrisma } from 'pg-boss';
import type { RunKind, RunState } from '@forge/protocol/runs';
import type { QueueDatabase } from '../cluster/work-queue.js';
import type { StoredEvent } from '../common/streams/stored-event-followers.js';
import { PrismaService, StreamEventsPrismaService } from '../platform-db/prisma.service.js';
import { insertStreamEvents, streamEventsAfter } from '../platform-db/stream-events.js';

/** Where stored run events are announced, as `runId:seq` lines (the newest stored seq of each run). */
export const RUN_EVENTS_CHANNEL = 'forge_run_events';

/** The kinds that ask the model and go through the agent runs' queue; the others are builds. */
export const AGENT_RUN_KINDS = ['generation', 'edit'] as const satisfies readonly RunKind[];
export type AgentRunKind = (typeof AGENT_RUN_KINDS)[number];

export interface NewRun {
  id: string;
  ownerId: string;
  kind: RunKind;
  /** Known at the start for an edit or a build; a generation links its project once it makes it. */
  projectId?: string;
  projectName: string;
  prompt?: string;
  provider?: string;
  model?: string | null;
}

export interface RunRecord {
  id: string;
  ownerId: string;
  kind: RunKind;
  status: RunState;
  projectName: string;
  error: string | null;
  seqReserved: number;
}

export interface RunningRunRecord {
  id: string;
  kind: RunKind;
  projectId: string | null;
  projectName: string;
  ownerId: string;
  ownerKeyHint: string;
  createdAt: Date;
  nodeId: string | null;
  replicaId: string | null;
  replicaName: string | null;
}

const RUN_SELECT = { id: true, ownerId: true, kind: true, status: true, projectName: true, error: true, seqReserved: true } as const;

@Injectable()
export class RunsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly streamEvents: StreamEventsPrismaService,
  ) {}

  /**
   * A new running generation or edit with its first block of event ids reserved, unless the owner
   * already runs `maxRunning` of them (null then). Checked and created under a lock per owner, so
   * two starts at once cannot both slip under the limit.
   */
  createAgentRunIfUnder(run: NewRun, maxRunning: number, firstReservation: number, enqueue: (db: QueueDatabase) => Promise<unknown>): Promise<{ id: string } | null> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`jobs:${run.ownerId}`}))`;
      const running = await tx.run.count({ where: { ownerId: run.ownerId, status: 'running', kind: { in: [...AGENT_RUN_KINDS] } } });
      if (running >= maxRunning) return null;
      const created = await tx.run.create({ data: { ...run, seqReserved: firstReservation }, select: { id: true } });
      // Queued in the same transaction: a run row is never left without its queue entry, nor the reverse.
      await enqueue(fromPrisma(tx));
      return created;
    });
  }

  /** A run that starts on this replica now (a build), with its first block of event ids reserved. */
  async create(run: NewRun, replicaId: string, firstReservation: number): Promise<void> {
    await this.prisma.run.create({ data: { ...run, replicaId, seqReserved: firstReservation }, select: { id: true } });
  }

  /** Records that this replica runs the run; null when it ended or another replica started it already. */
  async takeOn(id: string, replicaId: string): Promise<{ seqReserved: number; projectName: string } | null> {
    const rows = await this.prisma.$queryRaw<Array<{ seq_reserved: number; project_name: string }>>`
      UPDATE runs SET replica_id = ${replicaId}::uuid
      WHERE id = ${id}::uuid AND status = 'running' AND replica_id IS NULL
      RETURNING seq_reserved, project_name`;
    return rows[0] ? { seqReserved: rows[0].seq_reserved, projectName: rows[0].project_name } : null;
  }

  /** Whether the run still runs, on this replica. */
  async runsOn(id: string, replicaId: string): Promise<boolean> {
    return (await this.prisma.run.count({ where: { id, replicaId, status: 'running' } })) === 1;
  }

  /** Which of these runs a replica has taken, or that have ended. */
  async takenOrEnded(ids: string[]): Promise<string[]> {
    const rows = await this.prisma.run.findMany({ where: { id: { in: ids }, OR: [{ replicaId: { not: null } }, { status: { not: 'running' } }] }, select: { id: true } });
    return rows.map((row) => row.id);
  }

  /** Running runs of these kinds whose replica is one of these. */
  async runningOn(replicaIds: string[], kinds: readonly RunKind[]): Promise<Array<{ id: string }>> {
    return this.prisma.run.findMany({ where: { status: 'running', replicaId: { in: replicaIds }, kind: { in: [...kinds] } }, select: { id: true } });
  }

  /** The replicas running runs of these kinds now. */
  async runningReplicaIds(kinds: readonly RunKind[]): Promise<string[]> {
    const rows = await this.prisma.run.findMany({ where: { status: 'running', replicaId: { not: null }, kind: { in: [...kinds] } }, select: { replicaId: true }, distinct: ['replicaId'] });
    return rows.map((row) => row.replicaId!);
  }

  /** Extends the event ids the run may send by `block`; answers the new end. */
  async reserveSeq(id: string, block: number): Promise<number> {
    const run = await this.prisma.run.update({ where: { id }, data: { seqReserved: { increment: block } }, select: { seqReserved: true } });
    return run.seqReserved;
  }

  /** The account's running generations and edits, newest first. */
  listRunningAgentRuns(ownerId: string) {
    return this.prisma.run.findMany({
      where: { ownerId, status: 'running', kind: { in: [...AGENT_RUN_KINDS] } },
      orderBy: { createdAt: 'desc' },
      select: { id: true, kind: true, projectName: true, projectId: true },
    });
  }

  /** Every running run (or the one of that id), oldest first, with its owner's key hint, its sandbox's host and its replica's name. */
  async listRunning(kinds: readonly RunKind[], id?: string): Promise<RunningRunRecord[]> {
    const rows = await this.prisma.run.findMany({
      where: { status: 'running', kind: { in: [...kinds] }, ...(id ? { id } : {}) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: {
        id: true,
        kind: true,
        projectId: true,
        projectName: true,
        ownerId: true,
        createdAt: true,
        replicaId: true,
        owner: { select: { keyHint: true } },
        project: { select: { sandbox: { select: { nodeId: true } } } },
      },
    });
    const replicaIds = [...new Set(rows.map((row) => row.replicaId).filter((id): id is string => id !== null))];
    const replicas = new Map((await this.prisma.replica.findMany({ where: { id: { in: replicaIds } }, select: { id: true, name: true } })).map((r) => [r.id, r.name]));
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      projectId: row.projectId,
      projectName: row.projectName,
      ownerId: row.ownerId,
      ownerKeyHint: row.owner.keyHint,
      createdAt: row.createdAt,
      nodeId: row.project?.sandbox?.nodeId ?? null,
      replicaId: row.replicaId,
      replicaName: row.replicaId ? (replicas.get(row.replicaId) ?? null) : null,
    }));
  }

  /** The run, with where it runs (null replica: a generation or edit still waiting in the queue). */
  findWithPlace(id: string): Promise<{ id: string; kind: RunKind; status: RunState; projectId: string | null; projectName: string; ownerId: string; replicaId: string | null } | null> {
    return this.prisma.run.findUnique({ where: { id }, select: { id: true, kind: true, status: true, projectId: true, projectName: true, ownerId: true, replicaId: true } });
  }

  /** The running build (or fix) of a project, if any. */
  async runningBuildOf(projectId: string): Promise<string | null> {
    const run = await this.prisma.run.findFirst({ where: { projectId, status: 'running', kind: { in: ['build', 'fix'] } }, select: { id: true } });
    return run?.id ?? null;
  }

  findForOwner(ownerId: string, id: string): Promise<RunRecord | null> {
    return this.prisma.run.findFirst({ where: { id, ownerId }, select: RUN_SELECT });
  }

  find(id: string): Promise<RunRecord | null> {
    return this.prisma.run.findUnique({ where: { id }, select: RUN_SELECT });
  }

  async setProject(id: string, projectId: string): Promise<void> {
    await this.prisma.run.update({ where: { id }, data: { projectId } });
  }

  /** Records how the run ended, unless it has ended already (another replica ended it): true when this call did. */
  async finish(id: string, status: 'completed' | 'failed', error: string | null): Promise<boolean> {
    const { count } = await this.prisma.run.updateMany({ where: { id, status: 'running' }, data: { status, error, finishedAt: new Date() } });
    return count === 1;
  }

  async lastSeq(runId: string): Promise<number> {
    const last = await this.prisma.runEvent.findFirst({ where: { runId }, orderBy: { seq: 'desc' }, select: { seq: true } });
    return last?.seq ?? 0;
  }

  async insertEvents(runId: string, events: StoredEvent[]): Promise<void> {
    await this.insertEventBatches([{ runId, events }]);
  }

  /** Stores the events and announces them to every replica (RUN_EVENTS_CHANNEL). */
  async insertEventBatches(batches: Array<{ runId: string; events: StoredEvent[] }>): Promise<void> {
    await insertStreamEvents(
      this.streamEvents,
      'run_events',
      RUN_EVENTS_CHANNEL,
      batches.map(({ runId, events }) => ({ streamId: runId, events })),
    );
  }

  /** The events of each run after its cursor, in order, in one query. */
  eventsAfterMany(cursors: Array<{ streamId: string; afterSeq: number }>): Promise<Array<StoredEvent & { streamId: string }>> {
    return streamEventsAfter(this.streamEvents, 'run_events', cursors);
  }
}
