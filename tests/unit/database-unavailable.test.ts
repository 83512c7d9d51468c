import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "#app/lib/db/database.server.ts";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["a refused connection", withCode("ECONNREFUSED")],
    ["a reset connection", withCode("ECONNRESET")],
    ["PostgreSQL shutting down", withCode("57P01", "terminating connection due to administrator command")],
    ["PostgreSQL starting up", withCode("57P03", "the database system is starting up")],
    ["a connection exception", withCode("08006")],
    ["the database gone", withCode("3D000", 'database "store" does not exist')],
    ["node-postgres losing the connection", new Error("Connection terminated unexpectedly")],
    ["no connection in time", new Error("timeout exceeded when trying to connect")],
    ["every address refused", new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")])],
    [
      "Drizzle's wrapper around any of them",
      new Error("Failed query: select 1", { cause: withCode("57P01") }),
    ],
  ])("is true for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505", "duplicate key value")],
    ["a syntax error", withCode("42601", "syntax error")],
    ["an invalid uuid", withCode("22P02", "invalid input syntax for type uuid")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["not an error at all", "ECONNREFUSED"],
  ])("is false for %s", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
