/**
 * Loaded into a child store with `node --import` by the storage fault test: the local file store's
 * upload writes (`*.part`) fail as on a full disk (ENOSPC, the kernel's own: the bytes go to
 * /dev/full) or a read-only one (EROFS), as the file named by FAULT_WRITES_FILE says at the moment
 * of the write ("enospc", "erofs", anything else: writes work). Root ignores permissions, so a
 * chmod'ed directory cannot stand in for a read-only disk in CI.
 */
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { Writable } from "node:stream";

const control = process.env.FAULT_WRITES_FILE;
const original = fs.createWriteStream;

function failingWriteStream(path: fs.PathLike, options?: Parameters<typeof fs.createWriteStream>[1]) {
  const mode = control && fs.existsSync(control) ? fs.readFileSync(control, "utf8").trim() : "";
  if (typeof path !== "string" || !path.endsWith(".part")) return original(path, options);
  if (mode === "enospc") return original("/dev/full", { flags: "w" });
  if (mode === "erofs") {
    const error = Object.assign(new Error(`EROFS: read-only file system, open '${path}'`), {
      code: "EROFS",
      errno: -30,
      syscall: "open",
      path,
    });
    return new Writable({ construct: (callback) => callback(error) }) as fs.WriteStream;
  }
  return original(path, options);
}

fs.createWriteStream = failingWriteStream as typeof fs.createWriteStream;
syncBuiltinESMExports();
