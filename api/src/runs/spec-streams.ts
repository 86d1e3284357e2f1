// The streams the spec defines, each one small mapping from the run's own events (protocol
// RunEvent), in one place: the job stream of a generation, the edit stream (also the job stream
// of an edit) and the build stream of builds and fixes. A request with `Forge-Events: run` gets
// the run's events themselves instead.
import type { Request, Response } from 'express';
import { RUN_EVENTS_HEADER, RUN_EVENTS_HEADER_VALUE, type RunEvent, type RunKind } from '@forge/protocol/runs';
import { type BuildStreamEvent, type EditStreamEvent, type JobStreamEvent, SSE_DONE } from '@forge/protocol/streams';
import { type SseMessage, type SseSource, writeSse } from '../common/http/sse.js';
import type { StoredEvent } from '../common/streams/stored-event-followers.js';
import { type RunViewer, eventOf } from './run-events.js';

/** A run's events as some endpoint answers them, with what it needs to pick the format. */
export interface RunStream {
  runId: string;
  kind: RunKind;
  events: RunViewer;
}

/** The spec's format of a kind of run. */
export type SpecFormat = 'generation' | 'edit' | 'build';

export function specFormatOf(kind: RunKind): SpecFormat {
  if (kind === 'edit') return 'edit';
  return kind === 'generation' ? 'generation' : 'build';
}

/** `POST …/build`, `POST …/fix`, `POST …/edit`, `GET /api/jobs/{id}/stream`: the spec's format, or the run's own on request. */
export function writeRunSse(req: Request, res: Response, stream: Promise<RunStream>): Promise<void> {
  const asRun = req.get(RUN_EVENTS_HEADER) === RUN_EVENTS_HEADER_VALUE;
  return writeSse(
    req,
    res,
    stream.then((run) => (asRun ? runEventsSse(run.events) : specSse(run.events, specFormatOf(run.kind)))),
  );
}

/** The run's own events: `id: <seq>`, `data: <RunEvent JSON>`, from `started` to `end`. */
export async function* runEventsSse(events: RunViewer): SseSource {
  for await (const batch of events) yield batch.map((record) => ({ id: record.seq, data: record.payload }));
}

/**
 * The spec's stream of a run. The job and edit streams number their frames with the run's event
 * ids (a client resumes with `Last-Event-ID`); the build stream numbers them from 1 in each
 * response, as it always replays from the start.
 */
export async function* specSse(events: RunViewer, format: SpecFormat): SseSource {
  let frameId = 0;
  for await (const batch of events) {
    const messages: SseMessage[] = [];
    for (const record of batch) {
      const data = frameData(record, format);
      if (data !== null) messages.push({ id: format === 'build' ? ++frameId : record.seq, data });
    }
    if (messages.length > 0) yield messages;
  }
}

const framesOf: Record<SpecFormat, WeakMap<StoredEvent, string | null>> = { generation: new WeakMap(), edit: new WeakMap(), build: new WeakMap() };

/** The frame a stored run event makes in a spec stream: its `data:` text, or null when the stream has none for it. */
export function specFrameData(record: StoredEvent, format: SpecFormat): string | null {
  return frameData(record, format);
}

/** The frame's `data:` text, made once per record and format however many viewers get it; null: not in this stream. */
function frameData(record: StoredEvent, format: SpecFormat): string | null {
  const cache = framesOf[format];
  let data = cache.get(record);
  if (data === undefined) {
    const frame = FORMATS[format](eventOf(record));
    data = frame === null ? null : frame === SSE_DONE ? SSE_DONE : JSON.stringify(frame);
    cache.set(record, data);
  }
  return data;
}

type Frame = JobStreamEvent | EditStreamEvent | BuildStreamEvent | typeof SSE_DONE | null;

const FORMATS: Record<SpecFormat, (event: RunEvent) => Frame> = {
  /** `GET /api/jobs/{id}/stream` of a generation (protocol JobStreamEvent). */
  generation(event): JobStreamEvent | typeof SSE_DONE | null {
    switch (event.type) {
      case 'started':
        // A generation always names the provider it asks.
        return { type: 'status', status: 'running', provider: event.provider! };
      case 'text':
        return { type: 'content_block_delta', delta: { type: 'text_delta', text: event.text } };
      case 'continued':
        return { type: 'response_start', continuation: true, reason: event.reason };
      case 'log':
        return { type: 'log', level: event.level, message: event.message };
      case 'file':
        return { type: 'file_saved', path: event.path };
      case 'usage':
        return { type: 'usage', inputTokens: event.inputTokens, outputTokens: event.outputTokens };
      case 'error':
        return { type: 'error', message: event.message };
      case 'result':
        return { type: 'status', status: event.success ? 'completed' : 'failed', filesSaved: event.filesSaved ?? 0 };
      case 'end':
        return SSE_DONE;
      default:
        return null;
    }
  },
  /** `POST …/edit`, and `GET /api/jobs/{id}/stream` of an edit (protocol EditStreamEvent). */
  edit(event): EditStreamEvent | typeof SSE_DONE | null {
    switch (event.type) {
      case 'started':
        return { type: 'started', jobId: event.runId };
      case 'log':
        return { type: 'log', message: event.message };
      case 'file':
        return event.change === 'saved' ? null : { type: 'file_changed', path: event.path, change: event.change };
      case 'preview':
        return { type: 'preview', previewUrl: event.previewUrl };
      case 'result':
        return event.success ? { type: 'complete', message: event.message ?? null } : null;
      case 'error':
        return { type: 'error', message: event.message };
      case 'end':
        return SSE_DONE;
      default:
        return null;
    }
  },
  /** `POST …/build` and `POST …/fix` (protocol BuildStreamEvent). */
  build(event): BuildStreamEvent | null {
    switch (event.type) {
      case 'log':
        return { type: 'log', data: event.message };
      case 'result': {
        const { success, previewUrl = null, failedAt, check, waitingForSecrets } = event;
        return { type: 'result', data: { success, previewUrl, ...(failedAt ? { failedAt } : {}), ...(check ? { check } : {}), ...(waitingForSecrets?.length ? { waitingForSecrets } : {}) } };
      }
      case 'error':
        return { type: 'error', data: { error: event.message, details: event.details } };
      case 'end':
        return { type: 'done' };
      default:
        return null;
    }
  },
};
