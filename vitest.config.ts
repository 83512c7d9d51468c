import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/run-tmpdir.ts", "tests/setup/database-template.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two files at a time on CI's two cores: most integration tests wait on a server they started,
    // so one worker (Vitest's default there) left a core idle (31 min against 23, docs/benchmarks.md).
    maxWorkers: 2,
  },
});
