/**
 * Reads a server-sent-events body and hands each `data:` payload to `onData`, parsed as JSON. Stops at
 * `[DONE]`. Lines that are not JSON are skipped with a console warning (spec section 7).
 */
export async function readEventData(body: ReadableStream<Uint8Array>, onData: (data: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';

  const handleLine = (line: string): boolean => {
    if (!line.startsWith('data:')) return false;
    const payload = line.slice(5).trimStart();
    if (payload === '[DONE]') return true;
    if (payload === '') return false;
    try {
      onData(JSON.parse(payload));
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
      for (const line of lines) if (handleLine(line)) return;
    }
    buffer += decoder.decode();
    if (buffer) handleLine(buffer);
  } finally {
    reader.releaseLock();
  }
}
