import { parseVote } from "./parse-vote";

/** "original": the JSON `vote` string of the first JSON block, exactly equal to an option; "tolerant": `parseVote`. */
export type HiddenBenchVoteReader = "original" | "tolerant";

/** What one vote reply says. */
export interface VoteRead {
  /** The reply's first JSON block is an object with a `vote` field: the vote was given, no need to ask again. */
  json: boolean;
  /**
   * The vote as the plurality counts it: the JSON `vote` string as given (original reader; a non-string
   * value as its JSON text), or the option's name (tolerant reader); null: no vote.
   */
  key: string | null;
  /** The option it votes for, or null (no vote, or a vote for something that is not an option). */
  option: number | null;
}

/**
 * The reply without its thinking: each closed `<think>...</think>` block removed, everything from an
 * unclosed `<think>` on dropped (a reply cut off while thinking says nothing yet), and everything up to a
 * lone `</think>` dropped (servers whose template opened the block in the prompt).
 */
export function stripThinking(text: string): string {
  let t = text.replace(/<think>[\s\S]*?<\/think>/gi, "");
  const open = t.search(/<think>/i);
  if (open >= 0) t = t.slice(0, open);
  const close = t.search(/<\/think>/i);
  if (close >= 0) t = t.slice(close + "</think>".length);
  return t;
}

/**
 * The original's `extract_json` then `json.loads` (utils.py): newlines removed, the first top-level
 * `{...}` or `[...]` block by bracket depth (brackets inside strings are not special), parsed as JSON.
 * Undefined where the original raises and asks again: no block, a stray or mismatched bracket, or a block
 * that is not JSON.
 */
export function firstJsonBlock(text: string): unknown {
  const s = text.replace(/\n/g, "");
  const stack: string[] = [];
  let start = -1;
  for (let pos = 0; pos < s.length; pos++) {
    const c = s[pos] as string;
    if (c === "{" || c === "[") {
      stack.push(c);
      if (stack.length === 1) start = pos;
    } else if (c === "}" || c === "]") {
      const open = stack.pop();
      if (open === undefined || (open === "{") !== (c === "}")) return undefined;
      if (stack.length === 0) {
        try {
          return JSON.parse(s.slice(start, pos + 1)) as unknown;
        } catch {
          return undefined;
        }
      }
    }
  }
  return undefined;
}

/** The JSON vote of a reply (thinking removed): the first block's `vote` field, or undefined when there is none. */
function jsonVote(text: string): { value: unknown } | undefined {
  const block = firstJsonBlock(text);
  if (block === null || typeof block !== "object" || Array.isArray(block) || !Object.hasOwn(block, "vote"))
    return undefined;
  return { value: (block as { vote: unknown }).vote };
}

/**
 * Reads one vote reply (README "HiddenBench", vote reading), thinking removed first (`stripThinking`).
 * "original": the first JSON block's `vote`, counted for the option it equals exactly (sim.py compares
 * `vote == correct_answer`); any other string is a vote for no option that still counts in the
 * plurality. "tolerant": `parseVote` (any JSON object's vote field or the prose, options as people type
 * them, letters mapped when the options are lettered). Both say whether a JSON vote was given, which
 * decides whether the vote is asked again.
 */
export function readVote(text: string, answers: readonly string[], reader: HiddenBenchVoteReader): VoteRead {
  const t = stripThinking(text);
  const found = jsonVote(t);
  const json = found !== undefined;
  if (reader === "tolerant") {
    const option = parseVote(t, answers);
    return { json, key: option === null ? null : (answers[option] as string), option };
  }
  if (!json) return { json, key: null, option: null };
  const key = typeof found.value === "string" ? found.value : JSON.stringify(found.value);
  const option = typeof found.value === "string" ? answers.indexOf(found.value) : -1;
  return { json, key, option: option >= 0 ? option : null };
}
