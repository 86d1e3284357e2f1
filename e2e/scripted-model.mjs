// A model for the end-to-end tests that speaks Anthropic's Messages streaming protocol: the platform
// reaches it through the real SDK (FORGE_TEST_SCRIPTED_MODEL_URL, for projects named scripted-model-…).
// A test queues its answers and reads the requests it received over the same server (fixtures/scripted-model.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export function scriptedModelInfoPath(port) {
  return fileURLToPath(new URL(`./.artifacts/scripted-model-${port}.json`, import.meta.url));
}

/** Starts the model on a free loopback port and writes where it is for the tests; answers how to stop it. */
export async function startScriptedModel({ port }) {
  const answers = [];
  const requests = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/__answers') {
        answers.push(JSON.parse(body).text);
        return res.writeHead(204).end();
      }
      if (req.method === 'GET' && req.url === '/__requests') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(requests));
      }
      requests.push(JSON.parse(body || '{}'));
      const text = answers.shift();
      if (text === undefined) {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'scripted model: no answer queued' } }));
      }
      const event = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      event('message_start', {
        message: { id: 'msg_scripted', type: 'message', role: 'assistant', model: 'scripted', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 100, output_tokens: 1 } },
      });
      event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
      event('content_block_stop', { index: 0 });
      event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: Math.ceil(text.length / 4) } });
      event('message_stop', {});
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const file = scriptedModelInfoPath(port);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ url }));
  return {
    url,
    stop: () => {
      server.close();
      rmSync(file, { force: true });
    },
  };
}
