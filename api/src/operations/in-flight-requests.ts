import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';

/** Requests being answered now, previews included: a graceful shutdown lets them finish. */
@Injectable()
export class InFlightRequests {
  private open = 0;

  get count(): number {
    return this.open;
  }

  /** Express middleware, mounted before every route. */
  readonly track = (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    this.open++;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      this.open--;
    };
    res.once('finish', end);
    res.once('close', end);
    next();
  };
}
