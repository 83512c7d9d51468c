/**
 * Text made safe for HTML and XML character data and attribute values: the delivery e-mail, the
 * RSS feed, the Open Graph SVGs. `'` becomes `&#39;`, which HTML 4 mail clients read too
 * (`&apos;` is XML and HTML 5 only).
 */
export function escapeMarkup(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&#39;", '"': "&quot;" })[c]!,
  );
}
