import { JSONParser } from '@streamparser/json';
import type { Request } from 'express';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../errors/domain-error.js';

/** Strings are gathered in a buffer of this size rather than by concatenation: large ones stay cheap. */
const STRING_BUFFER_BYTES = 64 * 1024;

/**
 * Reads a JSON request body as it arrives and parses each chunk as it comes, so a large body (a
 * whole project, design images) never stops the event loop the way one `JSON.parse` of it would:
 * the work is spread over the chunks, and other requests are served between them. Answers the parsed
 * value: `{}` for an empty body, undefined when the body is not JSON (as `express.json` leaves it).
 */
export function readJsonStreamed(req: Request, limit: number): Promise<unknown> {
  if (!req.is('application/json')) return Promise.resolve(undefined);
  const encoding = (req.get('content-encoding') ?? 'identity').toLowerCase();
  if (encoding !== 'identity') return Promise.reject(new DomainError(ErrorCode.BadRequest, `Could not read the request body: content encoding "${encoding}" is not accepted; send it uncompressed`));
  const declared = Number(req.get('content-length') ?? NaN);
  if (declared > limit) {
    req.resume();
    return Promise.reject(tooLarge(limit));
  }

  return new Promise((resolve, reject) => {
    const parser = new JSONParser({ stringBufferSize: STRING_BUFFER_BYTES, paths: ['$'] });
    let value: unknown;
    let received = 0;
    let settled = false;
    const fail = (err: DomainError) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      // What is still on its way is read and dropped, so the answer reaches the client.
      req.resume();
      reject(err);
    };
    parser.onValue = ({ value: parsed }) => (value = parsed);
    parser.onError = (err) => fail(malformed(err));
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) return fail(tooLarge(limit));
      try {
        parser.write(chunk);
      } catch (err) {
        fail(malformed(err as Error));
      }
    };
    req.on('data', onData);
    req.once('error', (err) => fail(new DomainError(ErrorCode.BadRequest, `Could not read the request body: ${err.message}`)));
    req.once('aborted', () => fail(new DomainError(ErrorCode.BadRequest, 'Could not read the request body: the client went away')));
    req.once('end', () => {
      if (settled) return;
      if (received === 0) {
        settled = true;
        return resolve({});
      }
      try {
        if (!parser.isEnded) parser.end();
      } catch (err) {
        return fail(malformed(err as Error));
      }
      if (settled) return;
      if (typeof value !== 'object' || value === null) return fail(malformed(new Error('the body must be a JSON object or array')));
      settled = true;
      resolve(value);
    });
  });
}

function malformed(err: Error): DomainError {
  return new DomainError(ErrorCode.MalformedJson, `Malformed JSON in request body: ${err.message}`);
}

function tooLarge(limit: number): DomainError {
  return new DomainError(ErrorCode.PayloadTooLarge, `Request body is too large (max ${formatBytes(limit)})`);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / (1024 * 1024))} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}
