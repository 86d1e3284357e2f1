/**
 * Reads a server-sent-events body and hands each `data:` payload to `onData`, parsed as JSON, with the
 * last `id:` seen. Answers true when the stream ended with `[DONE]`. Lines that are not JSON are skipped
 * with a console warning (spec section 7).
 */
export async function readEventData(
  body: ReadableStream<Uint8Array>,
  onData: (data: unknown, lastEventId: string | null) => void,
): Promise<boolean> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let lastEventId: string | null = null;

  const handleLine = (line: string): boolean => {
    if (line.startsWith('id:')) {
      lastEventId = line.slice(3).trim();
      return false;
    }
    if (!line.startsWith('data:')) return false;
    const payload = line.slice(5).trimStart();
    if (payload === '[DONE]') return true;
    if (payload === '') return false;
    try {
      onData(JSON.parse(payload), lastEventId);
    } catch {
      console.warn('Ignoring an unparseable stream line:', payload);
    }
    return false;
  };

  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) if (handleLine(line)) return true;
    }
    buffer += decoder.decode();
    return buffer ? handleLine(buffer) : false;
  } finally {
    reader.releaseLock();
  }
}
