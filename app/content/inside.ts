/**
 * "What's inside" (ADR 019): the buyer's list of the pack's files, opened from the success page.
 * Not in the specification; written in the storefront's voice.
 */
export const INSIDE_COPY = {
  title: "What's inside",
  intro:
    "Every file of your toolkit, straight from the ZIP: open a PDF here to reach the Canva links on your phone, or download any file on its own.",
  link: "What's inside",
  linkHint: "Browse and open the files without unzipping",
  backToOrder: "Back to your order",
  rootFolder: "Top level",
  fileCount: (count: number) => (count === 1 ? "1 file" : `${count} files`),
  open: "Open",
  download: "Download",
  openLabel: (name: string) => `Open ${name}`,
  downloadLabel: (name: string) => `Download ${name}`,
  unavailable: "Only in the full ZIP",
  pages: "More files",
  pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
  previousPage: "Previous page",
  nextPage: "Next page",
  noAccess: {
    title: "This link has no active download",
    message:
      "Open the link in your purchase e-mail again, or use “Lost your link?” on the order page to get a new one.",
  },
  noProduct: {
    title: "The toolkit is not available right now",
    message: "Please try again later or contact support.",
  },
  unreadable: {
    title: "The file list cannot be shown right now",
    message: "You can still download the whole toolkit from your order page.",
  },
};
