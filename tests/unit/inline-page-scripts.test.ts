import { describe, expect, it } from "vitest";
import { inlinePageScripts } from "../../server/inline-page-scripts.ts";

const page = (script: string) =>
  `<!DOCTYPE html><html><head><script type="application/ld+json">{"a":1}</script></head><body><main>Hi</main>${script}<!--$--><!--/$--></body></html>`;
const bundles: Record<string, string> = {
  "/assets/landing-AbC_1.js": "(function(){document.documentElement.dataset.js=`$&`})();\n",
  "/assets/bad-x.js": 'console.log("</script><script>alert(1)")',
};
const read = async (path: string) => {
  const code = bundles[path];
  if (code === undefined) throw new Error(`no ${path}`);
  return code;
};

describe("inlinePageScripts (ADR 031)", () => {
  it("puts the page script's bundle inside the page, where its tag was, and nothing else changes", async () => {
    const html = await inlinePageScripts(
      page('<script src="/assets/landing-AbC_1.js" defer=""></script>'),
      read,
    );
    expect(html).toBe(
      page(
        '<script data-inlined-from="/assets/landing-AbC_1.js">(function(){document.documentElement.dataset.js=`$&`})();</script>',
      ),
    );
  });

  it("leaves a page without a page script as it is (JSON-LD blocks are data, not scripts)", async () => {
    expect(await inlinePageScripts(page(""), read)).toBe(page(""));
  });

  it("fails the build rather than inline a bundle that would end the script early", async () => {
    await expect(
      inlinePageScripts(page('<script src="/assets/bad-x.js" defer=""></script>'), read),
    ).rejects.toThrow(/bad-x\.js contains "<\/script"/);
  });
});
