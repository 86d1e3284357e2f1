import type { LoggerService, LogLevel } from '@nestjs/common';

/**
 * Log lines as JSON objects, one per line, for log collectors (LOG_FORMAT=json):
 * `{"time":"…","level":"warn","context":"Jobs","message":"…"}`, with `stack` on errors that have one.
 * Nest passes the context last and, for errors, a stack before it.
 */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly levels: readonly LogLevel[],
    private readonly defaultContext = 'Forge',
    private readonly out: (stream: 'stdout' | 'stderr', line: string) => void = (stream, line) => process[stream].write(line),
  ) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('log', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('verbose', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: LogLevel, message: unknown, rest: unknown[]): void {
    if (!this.levels.includes(level)) return;
    const params = [...rest];
    while (params.length > 0 && params[params.length - 1] === undefined) params.pop();
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? (params.pop() as string) : this.defaultContext;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level, context };
    if (message instanceof Error) {
      entry.message = message.message;
      if (message.stack) entry.stack = message.stack;
    } else {
      entry.message = message;
    }
    if ((level === 'error' || level === 'fatal') && typeof params[0] === 'string' && params[0]) entry.stack ??= params[0];
    this.out(level === 'log' || level === 'debug' || level === 'verbose' ? 'stdout' : 'stderr', `${JSON.stringify(entry)}\n`);
  }
}

export interface StartupLogger {
  log(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

/** The lines main.ts prints around Nest's own: `[forge] …`, or JSON objects with LOG_FORMAT=json. */
export function startupLogger(format: 'text' | 'json'): StartupLogger {
  if (format === 'json') {
    const json = new JsonLogger(['log', 'warn', 'error']);
    return { log: (line) => json.log(line), warn: (line) => json.warn(line), error: (line) => json.error(line) };
  }
  return {
    log: (line) => console.log(`[forge] ${line}`),
    warn: (line) => console.warn(`[forge] warning: ${line}`),
    error: (line) => console.error(`[forge] error: ${line}`),
  };
}
