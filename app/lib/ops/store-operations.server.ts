/**
 * The database work the command-line tools (backup, buyer) do while the store runs (ADR 018).
 * With PostgreSQL they connect as the store does. The embedded database (PGlite) is one process's:
 * while the store holds it, the tool asks the running store to do the work over a Unix socket in
 * DATA_DIR (`control.sock`, mode 0600: only the store's own user can reach it; nothing listens on
 * the network), and the store answers with the result as JSON.
 */
import { chmod, rm } from "node:fs/promises";
import { createServer, request } from "node:http";
import { join } from "node:path";
import { type Database, DatabaseInUseError, type Db, openDatabase } from "#app/lib/db/database.server.ts";
import type { Env } from "#app/lib/env.server.ts";
import { logger, maskEmail } from "#app/lib/logger.server.ts";
import { mailDirOf } from "#app/lib/mail/mailer.server.ts";
import { eraseBuyer, exportBuyer } from "#app/lib/ops/buyer-data.server.ts";
import { dumpDatabase } from "#app/lib/ops/database-dump.server.ts";
import type { Services } from "#app/lib/services.server.ts";

/**
 * What a tool may ask the running store for: nothing else is reachable through the socket. Each
 * works on the store's database and DATA_DIR.
 */
const OPERATIONS = {
  dump: (db: Db, _args: Record<string, never>, _dataDir: string) => dumpDatabase(db),
  "buyer-export": (db: Db, args: { email: string }, _dataDir: string) => exportBuyer(db, args.email),
  "buyer-erase": (db: Db, args: { email: string }, dataDir: string) =>
    eraseBuyer(db, args.email, mailDirOf(dataDir)),
};

type Operations = typeof OPERATIONS;
export type OperationName = keyof Operations;
type Args<N extends OperationName> = Parameters<Operations[N]>[1];
type Result<N extends OperationName> = Awaited<ReturnType<Operations[N]>>;

const socketPath = (dataDir: string) => join(dataDir, "control.sock");
const MAX_REQUEST_BYTES = 4096;

/**
 * With the embedded database, listens on `DATA_DIR/control.sock` for the tools' requests until
 * the returned `close`. With PostgreSQL nothing listens (the tools connect as the store does).
 */
export async function openControlSocket(
  services: Pick<Services, "env" | "database">,
): Promise<{ close(): Promise<void> }> {
  const nothing = { async close() {} };
  if (services.database.kind !== "pglite") return nothing;
  const path = socketPath(services.env.DATA_DIR);
  const db = services.database.db;
  const server = createServer(async (req, res) => {
    const name = req.url?.slice(1) as OperationName;
    let body = "";
    for await (const chunk of req) {
      body += chunk;
      if (body.length > MAX_REQUEST_BYTES) return void res.writeHead(413).end();
    }
    if (req.method !== "POST" || !Object.hasOwn(OPERATIONS, name)) return void res.writeHead(404).end();
    try {
      const args = JSON.parse(body || "{}") as { email: string } & Record<string, never>;
      const result = await OPERATIONS[name](db, args, services.env.DATA_DIR);
      logger.info(
        { operation: name, ...(args.email ? { email: maskEmail(args.email) } : {}) },
        "operation done",
      );
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
    } catch (error) {
      logger.error({ err: error, operation: name }, "operation failed");
      res
        .writeHead(500, { "content-type": "application/json" })
        .end(JSON.stringify({ error: String(error) }));
    }
  });
  // This process holds DATA_DIR's database (db.pid), so a socket file left there is a dead one's.
  await rm(path, { force: true });
  try {
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(path, resolve));
    await chmod(path, 0o600);
  } catch (error) {
    // The store runs without it (a DATA_DIR path too long for a socket, say); the tools then say
    // that they cannot reach it.
    logger.warn({ err: error }, "the command-line tools cannot reach this store: no control socket");
    server.close();
    return nothing;
  }
  return {
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await rm(path, { force: true });
    },
  };
}

/** Sends one request to the running store's socket; rejects with the store's error or the connection's. */
function askRunningStore<N extends OperationName>(
  dataDir: string,
  name: N,
  args: Args<N>,
): Promise<Result<N>> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: socketPath(dataDir), path: `/${name}`, method: "POST" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const answer = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        if (res.statusCode === 200) resolve(answer as Result<N>);
        else reject(new Error(`The running store could not do it: ${answer.error}`));
      });
    });
    req.on("error", reject);
    req.end(JSON.stringify(args ?? {}));
  });
}

/**
 * Runs operation `name` on the store's database: directly (PostgreSQL, or PGlite while the store
 * is stopped) or through the running store. Returns the result and the database's kind.
 */
export async function runStoreOperation<N extends OperationName>(
  env: Env,
  name: N,
  args: Args<N>,
): Promise<{ result: Result<N>; kind: Database["kind"] }> {
  let database: Database;
  try {
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, newStore: "refused" });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    try {
      return { result: await askRunningStore(env.DATA_DIR, name, args), kind: "pglite" };
    } catch (socketError) {
      const code = (socketError as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ECONNREFUSED") throw socketError;
      throw new DatabaseInUseError(
        `${error.message.replace(/: stop it first.*$/, "")}, and no store answers on ${socketPath(env.DATA_DIR)}: stop that process first.`,
      );
    }
  }
  try {
    const operation = OPERATIONS[name] as (db: Db, args: Args<N>, dataDir: string) => Promise<Result<N>>;
    return { result: await operation(database.db, args, env.DATA_DIR), kind: database.kind };
  } finally {
    await database.close();
  }
}
