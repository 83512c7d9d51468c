/**
 * What a test needs to know of `<picture>` elements, read in the page (pass it to `evaluateAll`): each
 * source's type, srcset widths and sizes, and the img's size, alt and loading attributes.
 */
export const describePictures = (pictures: Element[]) =>
  pictures.map((picture) => {
    const img = picture.querySelector("img")!;
    return {
      sources: [...picture.querySelectorAll("source")].map((source) => ({
        type: source.getAttribute("type"),
        widths: (source.getAttribute("srcset") ?? "").split(",").map((c) => c.trim().split(" ")[1]),
        sizes: source.getAttribute("sizes"),
      })),
      width: Number(img.getAttribute("width")),
      height: Number(img.getAttribute("height")),
      alt: img.getAttribute("alt") ?? "",
      loading: img.getAttribute("loading"),
      priority: img.getAttribute("fetchpriority"),
      decoding: img.getAttribute("decoding"),
    };
  });
