import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "#app/lib/env.server.ts";
import { createServices, type Services } from "#app/lib/services.server.ts";
import type { TestBackend } from "./databases.ts";

export interface TestServices extends Services {
  dispose(): Promise<void>;
}

/** A whole set of store services on a fresh database of `backend` and a fresh data directory. */
export async function testServices(
  backend: TestBackend,
  env: Record<string, string> = {},
): Promise<TestServices> {
  const dataDir = await mkdtemp(join(tmpdir(), "store-services-"));
  const url = backend.freshUrl ? await backend.freshUrl() : undefined;
  const services = await createServices(
    parseEnv({
      DATA_DIR: dataDir,
      PUBLIC_URL: "http://shop.test",
      SUPPORT_EMAIL: "help@shop.test",
      SUCCESS_PATH: "thank-you-secret-0123456789",
      ADMIN_PATH: "admin-secret-0123456789",
      ADMIN_PASSWORD: "test-admin-password",
      TOKEN_SECRET: "s".repeat(40),
      ...(url ? { DATABASE_URL: url } : {}),
      ...env,
    }),
    { outboxWorker: false },
  );
  return {
    ...services,
    async dispose() {
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
