/**
 * The W3C Nu HTML Checker (vnu.jar, shipped by the vnu-jar npm package), run once over many files:
 * one JVM start for the whole site instead of one per page.
 */
import { execFile, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { basename } from "node:path";

/** vnu-jar's main export is the path of vnu.jar. */
export const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

export type NuMessage = { file: string; line?: number; column?: number; message: string; extract?: string };

/** Throws a message saying what to install when there is no Java: the check must fail, never skip. */
export function requireJava() {
  const java = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (java.error || java.status !== 0) {
    throw new Error(
      "The W3C Nu HTML Checker (vnu.jar) needs Java, and `java -version` failed: " +
        `${java.error?.message ?? java.stderr}. Install it (Debian: apt-get install default-jre-headless); ` +
        ".ci/run does when it is missing.",
    );
  }
}

/** The checker's errors for the given HTML files (warnings and info left out), [] if none. */
export async function nuErrors(files: string[]): Promise<NuMessage[]> {
  requireJava();
  // --format json writes the report to stderr; the exit status is 1 when there are errors.
  const stderr = await new Promise<string>((resolve, reject) =>
    execFile(
      "java",
      ["-jar", VNU_JAR, "--format", "json", "--errors-only", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error && error.code !== 1) reject(new Error(`vnu.jar failed (${error.code}): ${stderr}`));
        else resolve(stderr);
      },
    ),
  );
  const report = JSON.parse(stderr) as {
    messages: {
      type: string;
      url?: string;
      lastLine?: number;
      firstColumn?: number;
      message: string;
      extract?: string;
    }[];
  };
  return report.messages
    .filter((m) => m.type === "error" || m.type === "non-document-error")
    .map((m) => ({
      file: m.url ? basename(decodeURIComponent(new URL(m.url).pathname)) : "?",
      line: m.lastLine,
      column: m.firstColumn,
      message: m.message,
      extract: m.extract,
    }));
}
