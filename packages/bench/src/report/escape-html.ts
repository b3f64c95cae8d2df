// Text in the HTML report comes from model output, so it is untrusted: every string goes through here before it
// reaches the page, whether as element text, attribute value or SVG <text>.

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

// Control characters HTML forbids (C0 but tab, newline and carriage return; DEL) and lone surrogates.
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the forbidden control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Escapes `& < > " '` so the result is safe as element text and as a quoted attribute value; control characters
 * that HTML forbids and lone surrogates become U+FFFD.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string).replace(FORBIDDEN, "\ufffd");
}
