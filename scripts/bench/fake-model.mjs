// A local model server speaking Anthropic's Messages streaming protocol, in its own process so it never
// shares an event loop with the measured viewers. Each request streams a 200 KB project whose lines carry
// a tag; the send time of every tag is kept and handed to the parent on request.
// A request whose prompt contains "paced<N>" streams the first argv[2] characters at N characters per
// second; any other streams the whole project as fast as it can (respecting TCP backpressure).
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { TAG, makeDeltas } from './transcript.mjs';

const pacedChars = Number(process.argv[2] ?? Infinity);
const sentAt = [];
let jobIndex = 0;

const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', async () => {
    const pace = Number(/paced(\d+)/.exec(body)?.[1] ?? 0);

    const all = makeDeltas(jobIndex++);
    let budget = pace > 0 ? pacedChars : Infinity;
    const deltas = all.filter((d) => (budget -= d.length) >= 0);
    res.socket.setNoDelay(true);
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const write = async (type, data) => {
      if (!res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`)) await new Promise((r) => res.once('drain', r));
    };
    await write('message_start', {
      message: { id: 'm', type: 'message', role: 'assistant', model: 'bench', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } },
    });
    await write('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    const start = performance.now();
    let sentChars = 0;
    for (const text of deltas) {
      if (pace > 0) {
        const due = start + (sentChars / pace) * 1000;
        if (due > performance.now() + 1) await new Promise((r) => setTimeout(r, due - performance.now()));
      }
      sentChars += text.length;
      const tag = new RegExp(TAG.source).exec(text);
      if (tag) sentAt.push([tag[1], performance.timeOrigin + performance.now()]);
      await write('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
    }
    await write('content_block_stop', { index: 0 });
    await write('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 50000 } });
    await write('message_stop', {});
    res.end();
  });
});

server.listen(0, '127.0.0.1', () => process.send({ url: `http://127.0.0.1:${server.address().port}` }));
process.on('message', (message) => {
  if (message === 'report') process.send({ sentAt });
  if (message === 'stop') server.close(() => process.exit(0));
});
