import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { type ApiErrorBody, ErrorCode } from '@forge/protocol/errors';

// Generous enough for a saved project or a few 5 MB design images as base64.
const JSON_LIMIT = '50mb';

/** express.json, plus an answer in the platform's error shape when the body is not valid JSON. */
export function jsonBody(): Array<RequestHandler | ErrorRequestHandler> {
  const onError: ErrorRequestHandler = (err: { type?: string; status?: number; message?: string }, _req, res, next) => {
    if (err?.type === 'entity.parse.failed') {
      const body: ApiErrorBody = { error: `Malformed JSON in request body: ${err.message}`, code: ErrorCode.MalformedJson };
      res.status(400).json(body);
    } else if (err?.type === 'entity.too.large') {
      const body: ApiErrorBody = { error: `Request body is too large (max ${JSON_LIMIT})`, code: ErrorCode.PayloadTooLarge };
      res.status(413).json(body);
    } else {
      next(err);
    }
  };
  return [express.json({ limit: JSON_LIMIT }), onError];
}
