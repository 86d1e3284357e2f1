// Helpers for building images offline, shared by the sandbox image and the compose images.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { log, root } from './setup.mjs';

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** The Debian mirror apt already uses (debootstrap needs one it can reach). */
export function debianMirror() {
  const found = [];
  const files = [];
  if (existsSync('/etc/apt/sources.list')) files.push('/etc/apt/sources.list');
  if (existsSync('/etc/apt/sources.list.d')) {
    for (const name of readdirSync('/etc/apt/sources.list.d').sort()) {
      if (name.endsWith('.list') || name.endsWith('.sources')) files.push(join('/etc/apt/sources.list.d', name));
    }
  }
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.sources')) {
      for (const stanza of text.split(/\n\s*\n/)) {
        const field = (name) =>
          stanza
            .match(new RegExp(`^${name}:\\s*(.+)$`, 'mi'))?.[1]
            .trim()
            .split(/\s+/) ?? [];
        if (/^enabled:\s*no/im.test(stanza) || !field('Types').includes('deb')) continue;
        for (const uri of field('URIs')) found.push({ uri, suites: field('Suites') });
      }
    } else {
      for (const line of text.split('\n')) {
        const match = line.trim().match(/^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+(\S+)/);
        if (match) found.push({ uri: match[1], suites: [match[2]] });
      }
    }
  }
  // The main archive: a bookworm (or any non-security, non-updates) suite, not debian-security.
  const main = found.find(({ uri, suites }) => !/security/.test(uri) && suites.some((suite) => /^[a-z]+$/.test(suite)));
  return main?.uri.replace(/\/+$/, '') ?? 'http://deb.debian.org/debian';
}

/**
 * Runs a long command with its output in a log file, showing progress: lines that mark a stage
 * (`==> …`, `Step n/m : …`) at once, otherwise the latest line every 10 s.
 */
export function runWithProgress(label, command, args, { cwd = root, env = process.env, logFile }) {
  return new Promise((resolvePromise, reject) => {
    mkdirSync(dirname(logFile), { recursive: true });
    const logStream = createWriteStream(logFile, { flags: 'a' });
    logStream.write(`\n$ ${command} ${args.join(' ')}\n`);
    const started = Date.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const recent = [];
    let latest = '';
    let shown = '';
    let partial = '';
    const onData = (chunk) => {
      logStream.write(chunk);
      const lines = (partial + chunk.toString()).split(/\r?\n/);
      partial = lines.pop();
      for (const raw of lines) {
        const line = raw.trimEnd();
        if (!line) continue;
        recent.push(line);
        if (recent.length > 25) recent.shift();
        if (/^(==> |Step \d+\/\d+ : |Successfully (built|tagged) |#\d+ \[)/.test(line)) {
          log(`  ${line.slice(0, 160)}`);
          shown = latest = line;
        } else {
          latest = line;
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const timer = setInterval(() => {
      const note = latest !== shown ? latest.slice(0, 140) : 'working';
      shown = latest;
      log(`  … ${label}, ${seconds(started)}: ${note}`);
    }, 10_000);
    child.on('error', (err) => {
      clearInterval(timer);
      logStream.end();
      reject(new Error(`${label}: could not run ${command} (${err.message})`));
    });
    child.on('close', (code, signal) => {
      clearInterval(timer);
      logStream.end();
      if (code === 0) return resolvePromise();
      reject(new Error(`${label} failed (${code ?? signal}). Last lines:\n${recent.join('\n')}\nFull log: ${logFile}`));
    });
  });
}
