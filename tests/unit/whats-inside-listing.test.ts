import { describe, expect, it } from "vitest";
import type { ZipEntry } from "#app/lib/downloads/zip-directory.server.ts";
import { entryHeaders, listEntries } from "#app/lib/downloads/zip-entries.server.ts";

/** Central directory entries named `names`, in that order, stored. */
const entries = (names: string[]): ZipEntry[] =>
  names.map((name, index) => ({
    index,
    name,
    method: 0,
    flags: 0,
    compressedSize: 10,
    uncompressedSize: 10,
    localHeaderOffset: 0,
    isDirectory: name.endsWith("/"),
  }));

/** The headings "What's inside" shows, with each heading's files. */
const headings = (names: string[]) =>
  Object.fromEntries(
    [...Map.groupBy(listEntries(entries(names)), (file) => file.folder)].map(([folder, files]) => [
      folder,
      files.map((file) => file.name),
    ]),
  );

describe("What's inside's headings", () => {
  it("do not repeat the root folder a pack was zipped from: its files are at the top level", () => {
    expect(
      headings([
        "Life Coaching Toolkit/",
        "Life Coaching Toolkit/README.txt",
        "Life Coaching Toolkit/Canva links.pdf",
        "Life Coaching Toolkit/Client forms/intake.pdf",
        "Life Coaching Toolkit/Client forms/Worksheets/goals.pdf",
      ]),
    ).toEqual({
      "": ["Canva links.pdf", "README.txt"],
      "Client forms": ["intake.pdf"],
      "Client forms / Worksheets": ["goals.pdf"],
    });
  });

  it("keep every folder of a pack with several roots, or with files beside its one folder", () => {
    expect(headings(["Templates/a.pdf", "Forms/b.pdf"])).toEqual({ Forms: ["b.pdf"], Templates: ["a.pdf"] });
    expect(headings(["README.txt", "Templates/a.pdf"])).toEqual({ "": ["README.txt"], Templates: ["a.pdf"] });
  });
});

describe("What's inside's files", () => {
  it("open images and PDFs in the browser and save everything else", () => {
    const listed = listEntries(
      entries(["Pack/cover.png", "Pack/photo.JPG", "Pack/guide.pdf", "Pack/notes.txt", "Pack/logo.svg"]),
    );
    expect(Object.fromEntries(listed.map((file) => [file.name, [file.type, file.opens]]))).toEqual({
      "cover.png": ["Image", true],
      "photo.JPG": ["Image", true],
      "guide.pdf": ["PDF", true],
      "notes.txt": ["Text", false],
      // An SVG can carry scripts: it is saved, never shown from the store's origin.
      "logo.svg": ["File", false],
    });
    const [cover, photo, guide, notes, logo] = entries([
      "Pack/cover.png",
      "Pack/photo.JPG",
      "Pack/guide.pdf",
      "Pack/notes.txt",
      "Pack/logo.svg",
    ]).map(entryHeaders);
    expect(cover).toEqual({
      "Content-Type": "image/png",
      "Content-Disposition": `inline; filename="cover.png"; filename*=UTF-8''cover.png`,
    });
    expect(photo!["Content-Type"]).toBe("image/jpeg");
    expect(photo!["Content-Disposition"]).toMatch(/^inline; /);
    expect(guide!["Content-Disposition"]).toMatch(/^inline; /);
    expect(notes!["Content-Disposition"]).toMatch(/^attachment; /);
    expect(logo).toMatchObject({ "Content-Type": "application/octet-stream" });
    expect(logo!["Content-Disposition"]).toMatch(/^attachment; /);
  });
});
