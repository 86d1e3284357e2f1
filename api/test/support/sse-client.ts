/** One event of a server-sent event stream as a viewer receives it. */
export interface SseEvent {
  id: number | null;
  data: string;
}

/** Reads a whole SSE response (until the server ends it). */
export async function readSse(url: string, headers: Record<string, string>, method = 'GET', body?: unknown): Promise<{ status: number; events: SseEvent[]; error?: unknown }> {
  const res = await fetch(url, body === undefined ? { headers, method } : { headers: { ...headers, 'Content-Type': 'application/json' }, method, body: JSON.stringify(body) });
  if (!res.ok || !res.body) return { status: res.status, events: [], error: await res.json().catch(() => undefined) };
  const text = await res.text();
  const events = text
    .split('\n\n')
    .map(parseSseBlock)
    .filter((event): event is SseEvent => event !== null);
  return { status: res.status, events };
}

/** One block of an SSE stream (the lines between blank lines) as an event; null for comments and heartbeats. */
export function parseSseBlock(block: string): SseEvent | null {
  let id: number | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('id: ')) id = Number(line.slice(4));
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  return data.length ? { id, data: data.join('\n') } : null;
}

/** The generated text carried by a job stream's content_block_delta events. */
export function streamedText(events: SseEvent[]): string {
  return events
    .filter((e) => e.data !== '[DONE]')
    .map((e) => JSON.parse(e.data) as { type: string; delta?: { text: string } })
    .filter((e) => e.type === 'content_block_delta')
    .map((e) => e.delta!.text)
    .join('');
}

export function parsedEvents(events: SseEvent[]): Array<Record<string, unknown>> {
  return events.filter((e) => e.data !== '[DONE]').map((e) => JSON.parse(e.data) as Record<string, unknown>);
}
