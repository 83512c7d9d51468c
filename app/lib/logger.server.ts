import pino from "pino";

/** JSON lines on stdout; each request's child logger adds its request id. */
export const logger = pino({
  level: process.env.LOG_LEVEL || "info",
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "password"],
});

export type Logger = typeof logger;
