import { expect } from "vitest";
import type { RunningServer } from "./server.ts";

/**
 * What Node writes when an exception reaches the top (an `uncaughtException`, an unhandled 'error'
 * event, an unhandled rejection) before it ends the process: its version line closes the report.
 */
const UNCAUGHT = /^Node\.js v\d+\.\d+\.\d+$|Unhandled 'error' event|uncaughtException/m;

/**
 * Fails unless the store is still running, never printed an uncaught exception, and answers
 * /healthz: for tests that attack a started store and must leave it serving everyone else.
 */
export async function expectStillServing(server: RunningServer) {
  expect(server.output()).not.toMatch(UNCAUGHT);
  expect(server.process.exitCode).toBeNull();
  expect(server.process.signalCode).toBeNull();
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
}
