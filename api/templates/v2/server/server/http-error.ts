/** An error with an HTTP status whose message is safe to show to the visitor. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
