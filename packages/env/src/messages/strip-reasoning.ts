/** Tags that open and close a model's private reasoning: Qwen3, DeepSeek-R1 and others write `<think>`. */
const OPEN = /<(think|thinking|reasoning)>/i;
const CLOSE = /<\/(think|thinking|reasoning)>/i;

/**
 * The reasoning rule, the same on every surface (parsers, tool-call reader, serve-env step answers, ChatPolicy,
 * HiddenBench disclosure): nothing a model writes as private reasoning counts as said. Removed are every
 * `<think>…</think>` block (also `<thinking>` / `<reasoning>`, any case), an opened block never closed (a reply
 * cut off while thinking: everything from the tag to the end), and text before a closing tag that has no
 * opening one (chat templates that put `<think>` in the prompt, so the reply starts inside the block). Each
 * removed block becomes a line break, so the text on either side stays in separate sentences. Linear; never
 * throws; text without a tag comes back unchanged.
 */
export function stripReasoning(text: string): string {
  // a non-string (untrusted input) comes back as is, for the caller's own type check
  if (typeof text !== "string" || !text.includes("<")) return text;
  const open = new RegExp(OPEN.source, "gi");
  const close = new RegExp(CLOSE.source, "gi");
  const out: string[] = [];
  let at = 0;
  // a reply that starts inside the block: its first closing tag comes before any opening tag
  const firstClose = close.exec(text);
  const firstOpen = open.exec(text);
  if (firstClose !== null && (firstOpen === null || firstClose.index < firstOpen.index)) {
    out.push("\n\n");
    at = firstClose.index + firstClose[0].length;
  }
  for (;;) {
    open.lastIndex = at;
    const o = open.exec(text);
    if (o === null) {
      out.push(text.slice(at));
      break;
    }
    out.push(text.slice(at, o.index), "\n\n");
    close.lastIndex = o.index + o[0].length;
    const c = close.exec(text);
    if (c === null) break; // cut off while thinking: nothing after the tag counts
    at = c.index + c[0].length;
  }
  return out.join("");
}
