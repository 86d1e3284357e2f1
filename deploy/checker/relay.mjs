// The checking browser's side of the compose deployment (deploy/checker/Dockerfile). The container has
// no network at all (`network_mode: none`): it shares one folder with the platform, and two Unix
// sockets in it are its only ways in and out.
//
// - browser.sock (this serves it): the platform connects with a WebSocket and gets a fresh headless
//   Chromium speaking the DevTools protocol, as `chromium.connectOverCDP` expects. This relays the
//   WebSocket's messages to and from Chromium's control pipe (--remote-debugging-pipe), so the browser
//   opens no debugging port a page could reach. The request's `?port=` is the preview port the
//   platform's preview addresses name. One browser at a time: it ends with its WebSocket, and a new
//   connection (a restarted platform) ends the previous one.
// - previews.sock (the platform serves it, previews and nothing else): inside the container a
//   forwarder listens on loopback:port and passes bytes to it, and Chromium resolves every name to
//   loopback. The page reaches its preview (and other previews, through the same proxy), never the
//   platform's API, the host or a sandbox: the same jail as api/src/preview-checks/browser-jail.ts.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';

const dir = process.env.CHECKER_SOCKET_DIR ?? '/run/forge-checker';
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const browserSocket = join(dir, 'browser.sock');
const previewSocket = join(dir, 'previews.sock');

// The platform's own launch arguments (preview-checks.service.ts) plus what Playwright adds when it launches.
const CHROMIUM_ARGS = [
  '--headless',
  '--remote-debugging-pipe',
  '--host-resolver-rules=MAP * 127.0.0.1',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-dev-shm-usage',
  '--disable-breakpad',
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-hang-monitor',
  '--password-store=basic',
  '--use-mock-keychain',
  '--hide-scrollbars',
  '--mute-audio',
  '--enable-automation',
  'about:blank',
];

const log = (message) => console.log(`${new Date().toISOString()} ${message}`);

let current = null;

/** One Chromium, its preview forwarder and the WebSocket that drives it; `end()` stops all three. */
async function startSession(socket, port) {
  const forwarder = createServer((client) => {
    const upstream = connect(previewSocket);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.pipe(upstream).pipe(client);
  });
  await new Promise((resolve, reject) => {
    forwarder.once('error', reject);
    forwarder.listen(port, '127.0.0.1', resolve);
  });
  const profile = mkdtempSync(join(tmpdir(), 'profile-'));
  const browser = spawn(chromium, [...CHROMIUM_ARGS.slice(0, -1), `--user-data-dir=${profile}`, CHROMIUM_ARGS.at(-1)], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: profile },
  });
  let ended = false;
  const end = (why) => {
    if (ended) return;
    ended = true;
    log(`browser session ended: ${why}`);
    browser.kill('SIGKILL');
    forwarder.close();
    socket.close();
    rmSync(profile, { recursive: true, force: true });
    if (current?.end === end) current = null;
  };
  // Chromium's own messages, for `docker-compose logs checker`, but its complaints that there is no D-Bus here.
  browser.stderr.setEncoding('utf8');
  browser.stderr.on('data', (text) => {
    const lines = text.split('\n').filter((line) => line && !line.includes(':ERROR:dbus/'));
    if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`);
  });
  browser.on('error', (err) => end(`Chromium did not start: ${err.message}`));
  browser.on('exit', (code, signal) => end(`Chromium exited (${signal ?? code})`));
  const [, , , toBrowser, fromBrowser] = browser.stdio;
  toBrowser.on('error', () => end('the control pipe closed'));
  // The pipe's messages end with a NUL byte; one WebSocket message each.
  let pending = [];
  fromBrowser.on('data', (chunk) => {
    let start = 0;
    for (let nul = chunk.indexOf(0); nul !== -1; nul = chunk.indexOf(0, start)) {
      pending.push(chunk.subarray(start, nul));
      socket.send(Buffer.concat(pending).toString('utf8'));
      pending = [];
      start = nul + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
  socket.on('message', (data) => {
    toBrowser.write(data);
    toBrowser.write('\0');
  });
  socket.on('close', () => end('the platform disconnected'));
  socket.on('error', (err) => end(`the connection failed: ${err.message}`));
  log(`browser session started (previews on 127.0.0.1:${port})`);
  return { end };
}

rmSync(browserSocket, { force: true });
const server = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 * 1024 });
const http = createHttpServer((_req, res) => res.writeHead(404).end());
http.on('upgrade', (req, socket, head) => {
  const port = Number(new URL(req.url, 'http://checker').searchParams.get('port'));
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\nport= must name the preview port\n');
    return;
  }
  server.handleUpgrade(req, socket, head, async (ws) => {
    current?.end('a new connection replaced it');
    const session = { end: (why) => ws.close(1011, why) };
    current = session;
    try {
      const started = await startSession(ws, port);
      if (current === session) current = started;
      else started.end('a new connection replaced it');
    } catch (err) {
      log(`no browser session: ${err.message}`);
      ws.close(1011, err.message.slice(0, 120));
      if (current === session) current = null;
    }
  });
});
http.listen(browserSocket, () => {
  // The platform runs as another user: it must be able to connect. Only it shares this folder.
  chmodSync(browserSocket, 0o666);
  log(`checking browser relay listening on ${browserSocket}`);
});

const stop = () => {
  current?.end('the checker is stopping');
  http.close();
  rmSync(browserSocket, { force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
