import type { PrismaClient } from '../generated/prisma/client.js';

/** The tables streams keep their events in, each with the column naming its stream and the table of streams. */
const TABLES = {
  run_events: { column: 'run_id', streams: 'runs' },
} as const;
export type StreamEventTable = keyof typeof TABLES;

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_NOTIFY_BYTES = 7900;

export interface StreamEventRow {
  seq: number;
  type: string;
  payload: string;
}

/**
 * Stores events of many streams in one statement with four array parameters (far cheaper per row
 * than createMany for thousands of rows), and announces each stream's newest seq on `channel` as
 * `streamId:seq` lines: the notifications go out when the rows are committed, so a replica that
 * hears one finds the rows.
 */
export async function insertStreamEvents(
  prisma: Pick<PrismaClient, '$executeRawUnsafe'>,
  table: StreamEventTable,
  channel: string,
  batches: Array<{ streamId: string; events: StreamEventRow[] }>,
): Promise<void> {
  const ids: string[] = [];
  const seqs: number[] = [];
  const types: string[] = [];
  const payloads: string[] = [];
  for (const { streamId, events } of batches) {
    for (const event of events) {
      ids.push(streamId);
      seqs.push(event.seq);
      types.push(event.type);
      payloads.push(event.payload);
    }
  }
  const notes = notificationPayloads(batches.filter((batch) => batch.events.length > 0).map((batch) => `${batch.streamId}:${batch.events[batch.events.length - 1]!.seq}`));
  const { column, streams } = TABLES[table];
  // Events of a stream deleted meanwhile (its account or project went) are dropped, not an error:
  // the stream's row is locked against deletion (KEY SHARE, as the foreign key check itself locks
  // it) when it is found, so a deletion committing between the check and the insert waits for this
  // statement instead of failing it; a row deleted already is not found, and its events are left out.
  await prisma.$executeRawUnsafe(
    `WITH inserted AS (
       INSERT INTO ${table} (${column}, seq, type, data)
       SELECT e.* FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[]) AS e(stream_id, seq, type, data)
       WHERE e.stream_id IN (SELECT s.id FROM ${streams} s WHERE s.id = ANY($1::uuid[]) FOR KEY SHARE)
     )
     SELECT pg_notify($5, note) FROM unnest($6::text[]) AS note`,
    ids,
    seqs,
    types,
    payloads,
    channel,
    notes,
  );
}

/** The events of each stream after its cursor, in order; one query however many streams are followed. */
export function streamEventsAfter(
  prisma: Pick<PrismaClient, '$queryRawUnsafe'>,
  table: StreamEventTable,
  cursors: Array<{ streamId: string; afterSeq: number }>,
): Promise<Array<StreamEventRow & { streamId: string }>> {
  if (cursors.length === 0) return Promise.resolve([]);
  const { column } = TABLES[table];
  return prisma.$queryRawUnsafe(
    `SELECT e.${column}::text AS "streamId", e.seq, e.type, e.data AS payload
     FROM unnest($1::uuid[], $2::int[]) AS c(stream_id, after_seq)
     JOIN ${table} e ON e.${column} = c.stream_id AND e.seq > c.after_seq
     ORDER BY e.${column}, e.seq`,
    cursors.map((c) => c.streamId),
    cursors.map((c) => c.afterSeq),
  );
}

/** `streamId:seq` lines joined into as few payloads as fit NOTIFY's limit. */
export function notificationPayloads(lines: string[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const line of lines) {
    if (current && current.length + 1 + line.length > MAX_NOTIFY_BYTES) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) payloads.push(current);
  return payloads;
}
