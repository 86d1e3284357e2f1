// One look at one preview in the checking browser: load it, wait for it to settle, and collect
// what went wrong, the way a visitor would have met it.
import type { Browser, Page, Request } from 'playwright-core';
import { MAX_BODY_CHARS, type PageProblem, firstProjectFrame, isEchoedConsoleError, isIgnoredRequest, requestProblem, tidyProblems } from './page-problems.js';
import { type SourceMapV3, originalPosition, projectSource } from './source-maps.js';
import type { ErrorAnswer } from './missing-secrets.js';

/** The least time a screenshot is given, whatever is left of the check's deadline. */
const SCREENSHOT_MIN_MS = 5_000;

export interface PageCheckOptions {
  url: string;
  /** The whole check, load and settle, stays within this. */
  timeoutMs: number;
  /** Same-origin answers not to count as problems (a data app's 503s before its database exists, an app waiting for its key). */
  tolerated?: (answer: ErrorAnswer) => boolean;
}

export interface PageFindings {
  problems: PageProblem[];
  /** Same-origin requests answered with a tolerated error status. */
  toleratedRequests: number;
  screenshot: Buffer | null;
}

/** Quiet this long (no request in flight) and the page counts as settled. */
const QUIET_MS = 150;
const POLL_MS = 25;
/** Long-lived requests never finish; waiting for them would always hit the timeout. */
const STREAMING = new Set(['eventsource', 'websocket']);
const VIEWPORT = { width: 1280, height: 800 };

export async function checkPage(browser: Browser, options: PageCheckOptions): Promise<PageFindings> {
  const origin = new URL(options.url).origin;
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    // The page's time starts once the browser has a tab for it: opening one took 10 s of a 15 s deadline on a busy
    // host (the compose deployment's browser is in its own container), and a healthy app was failed for it.
    const deadline = Date.now() + options.timeoutMs;
    const problems: PageProblem[] = [];
    const errors: Array<{ message: string; stack: string }> = [];
    let toleratedRequests = 0;
    const bodies: Array<Promise<void>> = [];
    let inFlight = 0;
    let lastActivity = Date.now();
    const sameOrigin = (request: Request) => {
      try {
        return new URL(request.url()).origin === origin;
      } catch {
        return false;
      }
    };
    const pathOf = (request: Request) => {
      const url = new URL(request.url());
      return `${url.pathname}${url.search}`;
    };
    const counted = (request: Request) => !STREAMING.has(request.resourceType());

    page.on('pageerror', (error) => errors.push({ message: errorText(error), stack: error.stack ?? '' }));
    page.on('console', (message) => {
      if (message.type() !== 'error' || isEchoedConsoleError(message.text())) return;
      const location = message.location();
      problems.push({ kind: 'console', message: message.text(), file: null, line: location.lineNumber ? location.lineNumber + 1 : null });
    });
    page.on('request', (request) => {
      if (counted(request)) inFlight++;
      lastActivity = Date.now();
    });
    page.on('requestfinished', (request) => {
      if (counted(request)) inFlight--;
      lastActivity = Date.now();
    });
    page.on('requestfailed', (request) => {
      if (counted(request)) inFlight--;
      lastActivity = Date.now();
      const failure = request.failure()?.errorText ?? 'no answer';
      // A navigation away or a page closing aborts requests: not the app's fault.
      if (!sameOrigin(request) || isIgnoredRequest(pathOf(request)) || failure === 'net::ERR_ABORTED') return;
      problems.push(requestProblem({ method: request.method(), path: pathOf(request), status: null, failure }));
    });
    page.on('response', (response) => {
      const request = response.request();
      const status = response.status();
      if (status < 400 || !sameOrigin(request) || isIgnoredRequest(pathOf(request))) return;
      if (options.tolerated?.({ path: pathOf(request), status, document: request.isNavigationRequest() })) {
        toleratedRequests++;
        return;
      }
      const problem = requestProblem({ method: request.method(), path: pathOf(request), status });
      problems.push(problem);
      // What the app's API said (a key it lacks, say), read while the page settles and kept short; the page's own document is no API answer.
      if (!request.isNavigationRequest())
        bodies.push(
          response
            .text()
            .then((text) => {
              if (text.trim()) problem.body = text.trim().slice(0, MAX_BODY_CHARS);
            })
            .catch(() => undefined),
        );
    });

    let loaded = false;
    try {
      const response = await page.goto(options.url, { waitUntil: 'load', timeout: Math.max(1, deadline - Date.now()) });
      loaded = true;
      // The document's own error status is already reported by the response listener.
      if (!response) problems.push({ kind: 'load', message: 'The preview did not answer', file: null, line: null });
    } catch (err) {
      problems.push({ kind: 'load', message: `The page did not load within ${options.timeoutMs} ms (${firstLine((err as Error).message)})`, file: null, line: null });
    }

    let empty = false;
    if (loaded) {
      while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < QUIET_MS)) await sleep(POLL_MS);
      if (inFlight > 0) problems.push({ kind: 'load', message: `The page was still loading after ${options.timeoutMs} ms`, file: null, line: null });
      // React renders in a task after load: on a busy machine it may not have run yet. Its error, if
      // any, reaches `errors` before the page answers, so both are read after this.
      empty = await renderedNothingOnceSettled(page);
    }

    // A body still arriving at the deadline is left out, not waited for.
    await within(Promise.all(bodies), deadline - Date.now());

    const maps = new Map<string, Promise<SourceMapV3 | null>>();
    const exceptions: PageProblem[] = [];
    for (const error of errors) exceptions.push(await exceptionProblem(page, origin, error, maps));
    // Uncaught errors first: they are usually why the rest went wrong.
    problems.unshift(...exceptions);

    let screenshot: Buffer | null = null;
    if (loaded) {
      if (empty) problems.push({ kind: 'empty', message: 'The page rendered nothing', file: null, line: null });
      // The thumbnail gets a few seconds of its own: settling and reading bodies may have used the deadline up on a busy machine.
      screenshot = await page.screenshot({ type: 'jpeg', quality: 70, timeout: Math.max(SCREENSHOT_MIN_MS, deadline - Date.now()) }).catch(() => null);
    }
    return { problems: tidyProblems(problems), toleratedRequests, screenshot };
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** `TypeError: x is undefined`, whatever the browser put in name and message. */
function errorText(error: Error): string {
  const message = error.message || String(error);
  return error.name && error.name !== 'Error' && !message.startsWith(error.name) ? `${error.name}: ${message}` : message;
}

/** The error with the first project file its stack passes through, through the bundle's source map when it has one. */
async function exceptionProblem(page: Page, origin: string, error: { message: string; stack: string }, maps: Map<string, Promise<SourceMapV3 | null>>): Promise<PageProblem> {
  const mapped: string[] = [];
  for (const line of error.stack.split('\n').slice(0, 12)) {
    const frame = /^(\s*at (?:.*? \()?)(https?:\/\/[^\s()]+?):(\d+):(\d+)(\)?)\s*$/.exec(line);
    if (!frame || !frame[2].startsWith(origin)) {
      mapped.push(line);
      continue;
    }
    const script = frame[2];
    // An inline script's frames name the page itself: no map to look for.
    if (!/\.[cm]?js$/.test(new URL(script).pathname)) {
      mapped.push(line);
      continue;
    }
    if (!maps.has(script)) maps.set(script, fetchSourceMap(page, `${script}.map`));
    const map = await maps.get(script)!;
    const position = map ? originalPosition(map, Number(frame[3]), Number(frame[4])) : null;
    const file = position ? projectSource(position.source) : null;
    mapped.push(file && position ? `${frame[1]}${file}:${position.line}${frame[5]}` : line);
  }
  const stack = mapped.join('\n');
  const where = firstProjectFrame(stack.split('\n').slice(1).join('\n'));
  return { kind: 'exception', message: error.message, file: where?.file ?? null, line: where?.line ?? null, stack };
}

/** Fetched by the page itself: the map is on the preview's origin, reachable only through the jail. */
async function fetchSourceMap(page: Page, url: string): Promise<SourceMapV3 | null> {
  try {
    const text = await page.evaluate(async (mapUrl) => {
      const response = await fetch(mapUrl);
      return response.ok ? response.text() : null;
    }, url);
    return text ? (JSON.parse(text) as SourceMapV3) : null;
  } catch {
    return null;
  }
}

/**
 * Nothing a visitor could see in #root (or the body, when there is no #root). Runs in the page, so
 * it is written as page code, not compiled against the API's types.
 */
const RENDERED_NOTHING = `(() => {
  const root = document.getElementById('root') || document.body;
  if (!root) return true;
  if ((root.innerText || '').trim().length > 0) return false;
  for (const element of root.querySelectorAll('img, svg, canvas, video, iframe, input, button, select, textarea, object, embed')) {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    if (box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none') return false;
  }
  return true;
})()`;

/** Runs in the page: resolves once a frame and the tasks queued before it have run. */
const AFTER_A_FRAME = 'new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))';

/** Whether the page shows nothing, once the tasks it had queued (a render) and a frame have run. */
async function renderedNothingOnceSettled(page: Page): Promise<boolean> {
  await page.evaluate(AFTER_A_FRAME).catch(() => undefined);
  return page.evaluate<boolean>(RENDERED_NOTHING).catch(() => false);
}

function firstLine(text: string): string {
  return text.split('\n')[0].trim();
}

/** Waits for `promise` at most `ms`, leaving no timer behind. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, ms))))]);
  clearTimeout(timer);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
