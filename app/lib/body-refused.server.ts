/**
 * The error a request's body stream fails with when the server stopped reading it
 * (server/body-limit.ts): over its limit (answered 413), too slow (answered 408), or no longer
 * wanted because the answer was already sent. A reader gets this error instead of a cut-off body,
 * and it is not logged as a fault: the server has already answered.
 */
export class BodyRefusedError extends Error {
  override name = "BodyRefusedError";
  readonly reason: "too-large" | "too-slow" | "unwanted";

  constructor(reason: BodyRefusedError["reason"]) {
    super(`Request body refused: ${reason}`);
    this.reason = reason;
  }
}
