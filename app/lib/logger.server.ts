import pino from "pino";
import { logDestination } from "#app/lib/log-destination.server.ts";

/**
 * The process's one logger: JSON lines on stdout; each request's child logger adds its request id.
 * Nothing that grants access reaches it: request lines carry method, path and status only (see
 * loggableUrl), and addresses are masked (maskEmail). How the lines are written depends on what
 * stdout is (log-destination.server.ts); what is held is written when the process exits.
 */
const destination = logDestination(1);
export const logger = pino(
  {
    level: process.env.LOG_LEVEL || "info",
    base: undefined,
    redact: ["req.headers", "res.headers", "password"],
  },
  destination,
);

/** What the request line of a page answered from memory says (ADR 026). */
export interface PageAnswered {
  id: string;
  method: string;
  /** Already made loggable (loggableUrl). */
  url: string;
  statusCode: number;
  responseTime: number;
}

/**
 * pino-http's "request completed" line, as the logger writes it for `answer` at `time`: the same
 * fields in the same order. Formatted here rather than by pino, whose serializing and redaction
 * cost about 2 µs a line, the most a page answered from memory costs beside its socket write.
 */
export function pageAnsweredLine(answer: PageAnswered, time: number): string {
  const { id, method, url, statusCode, responseTime } = answer;
  return `{"level":30,"time":${time},"req":{"id":${JSON.stringify(id)},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)}},"res":{"statusCode":${statusCode}},"responseTime":${responseTime},"msg":"request completed"}\n`;
}

/** Logs the request line of a page answered from memory, at info like every request line. */
export function logPageAnswered(answer: PageAnswered): void {
  if (logger.isLevelEnabled("info")) destination.write(pageAnsweredLine(answer, Date.now()));
}

/**
 * Writes `text` to standard output after every line logged before it: through the log's own
 * destination, since the asynchronous writer may still hold those lines when a direct write runs.
 */
export function printAfterLog(text: string): void {
  destination.write(text);
}

export type Logger = typeof logger;

/** Path segments that are secrets themselves (the admin and success paths), by the name logged instead. */
const secretSegments = new Map<string, string>();

/** Logs name `segment` as `{name}` from now on (the server registers the secret paths at start). */
export function hideInLogs(segment: string, name: string): void {
  secretSegments.set(routeName(segment), `{${name}}`);
}

/** Query parameters whose values are safe to log; every other value is replaced. */
const PLAIN_QUERY = new Set(["page"]);

/** Routes whose next segment is a token: the download, confirmation, unsubscribe, review and courtesy-copy links. */
const TOKEN_ROUTES = new Set(["download", "confirm-download", "unsubscribe", "review", "invoice"]);

/** React Router's data requests add this to the page's path (`/{ADMIN_PATH}.data`). */
const DATA_SUFFIX = ".data";

/**
 * A segment as the routers match it, whatever the URL spells: percent-decoded, in lower case
 * (Express and React Router match paths regardless of case) and without a data request's suffix.
 */
function routeName(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape is matched by no route; compared as it is written.
  }
  const name = decoded.toLowerCase();
  return name.endsWith(DATA_SUFFIX) ? name.slice(0, -DATA_SUFFIX.length) : name;
}

/**
 * A URL as the log may show it: the secret path segments named, a download, confirmation,
 * unsubscribe or courtesy-copy token and a test-mode session replaced, and the values of the query (access tokens
 * `t`, `session_id`, an admin search for an address) removed. Segments are compared as the routers
 * match them (routeName), so a data request or another spelling of a path logs no secret either.
 */
export function loggableUrl(url: string): string {
  const at = url.indexOf("?");
  const segments = (at === -1 ? url : url.slice(0, at)).split("/");
  const names = segments.map(routeName);
  const path = segments
    .map((segment, i) => {
      const suffix = segment.toLowerCase().endsWith(DATA_SUFFIX) ? DATA_SUFFIX : "";
      if (TOKEN_ROUTES.has(names[i - 1] ?? "")) return `{token}${suffix}`;
      if (names[i - 2] === "pay" && names[i - 1] === "test") return `{session}${suffix}`;
      const secret = secretSegments.get(names[i]!);
      return secret ? `${secret}${suffix}` : segment;
    })
    .join("/");
  if (at === -1) return path;
  const query = new URLSearchParams(url.slice(at + 1));
  for (const [name, value] of query) query.set(name, PLAIN_QUERY.has(name) ? value : "…");
  return `${path}?${query}`;
}

/** `buyer@example.com` -> `b…@example.com`: enough to tell orders apart in a log, not to write to. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  return at < 1 ? "…" : `${address[0]}…${address.slice(at)}`;
}
