import type { PublicTask } from "../task/task";
import type { Act } from "./act";
import { MAX_ACTS, MAX_MESSAGE_LENGTH } from "./message-limits";
import { naturalMatchers } from "./natural-matchers";
import { naturalWords } from "./natural-words";
import { failedParse, type MessageParseResult } from "./parse-result";

type NaturalTask = Pick<PublicTask, "domain" | "decision" | "agents" | "levels">;

const INTEGER = /^(0|-?[1-9][0-9]{0,8})$/;
const AGENT_TAG = /^@(?:agent)?([1-9][0-9]{0,5})$/;
const ARTICLES = new Set(["a", "an", "the"]);
const SHARE_FILLERS = new Set(["of", "is", "=", "rating", "rated", "score", "level", "at", "equal", "to", "-", "–"]);

export function naturalInteger(word: string | undefined): number | null {
  if (word === undefined || word.length > 11 || !INTEGER.test(word)) return null;
  return Number(word);
}

/**
 * Finds act sentences anywhere in natural text (chatter around them is ignored), case- and
 * space-insensitive:
 *   share:   "<option> has [a|the] <attribute> [of|is|...] <level>"  or  "[the] <attribute> of <option> is <level>"
 *   ask:     "what is [the] <attribute> of <option>" [+ "@Agent <n>" | "@<n>"]   (n is 1-based)
 *   propose: "propose <option>"
 *   pass:    "nothing to add"
 * Levels and agents are checked against the task; a bad one, no act at all, too many acts or too much
 * text is a parse error (acts = [PASS]). Never throws; linear in the text.
 */
export function parseNatural(text: string, task: NaturalTask): MessageParseResult {
  try {
    if (typeof text !== "string") return failedParse(`expected a string, got ${typeof text}`);
    if (text.length > MAX_MESSAGE_LENGTH)
      return failedParse(`message too long: ${text.length} characters (limit ${MAX_MESSAGE_LENGTH})`);
    const { options, attributes } = naturalMatchers(task);
    const words = naturalWords(text);
    const [lo, hi] = task.levels;
    const acts: Act[] = [];
    const levelError = (level: number): string | null =>
      level < lo || level > hi ? `level ${level} out of range (levels ${lo}..${hi})` : null;
    let i = 0;
    while (i < words.length) {
      if (acts.length > MAX_ACTS) return failedParse(`too many acts (limit ${MAX_ACTS})`);
      const w = words[i] as string;
      // pass
      if (w === "nothing" && words[i + 1] === "to" && words[i + 2] === "add") {
        acts.push({ kind: "pass" });
        i += 3;
        continue;
      }
      // ask
      if (w === "what" || w === "what's") {
        let j = i + 1;
        if (w === "what" && words[j] === "is") j++;
        if (words[j] === "the") j++;
        const attribute = attributes.match(words, j);
        if (attribute !== null && words[attribute.end] === "of") {
          const option = options.match(words, attribute.end + 1);
          if (option !== null) {
            let end = option.end;
            let to: number | undefined;
            const tag = words[end];
            if (tag === "@agent" || tag === "@") {
              const n = naturalInteger(words[end + 1]);
              if (n !== null) {
                to = n - 1;
                end += 2;
              }
            } else if (tag?.startsWith("@")) {
              const m = tag.length <= 12 ? AGENT_TAG.exec(tag) : null;
              if (m !== null) {
                to = Number(m[1]) - 1;
                end += 1;
              }
            }
            if (to !== undefined && (to < 0 || to >= task.agents))
              return failedParse(`agent ${to + 1} out of range (Agent 1..Agent ${task.agents})`);
            acts.push(
              to === undefined
                ? { kind: "ask", option: option.index, attribute: attribute.index }
                : { kind: "ask", option: option.index, attribute: attribute.index, to },
            );
            i = end;
            continue;
          }
        }
      }
      // propose
      if (w === "propose" || w === "suggest") {
        const option = options.match(words, i + 1);
        if (option !== null) {
          acts.push({ kind: "propose", option: option.index });
          i = option.end;
          continue;
        }
      }
      // share: "<option> has <attribute> <level>"
      const option = options.match(words, i);
      if (option !== null && words[option.end] === "has") {
        let j = option.end + 1;
        if (ARTICLES.has(words[j] ?? "")) j++;
        const attribute = attributes.match(words, j);
        if (attribute !== null) {
          let k = attribute.end;
          for (let f = 0; f < 2 && SHARE_FILLERS.has(words[k] ?? ""); f++) k++;
          const level = naturalInteger(words[k]);
          if (level !== null) {
            const bad = levelError(level);
            if (bad !== null) return failedParse(bad);
            acts.push({ kind: "share", option: option.index, attribute: attribute.index, level });
            i = k + 1;
            continue;
          }
        }
      }
      // share: "[the] <attribute> of <option> is <level>"
      {
        const j = w === "the" ? i + 1 : i;
        const attribute = attributes.match(words, j);
        if (attribute !== null && words[attribute.end] === "of") {
          const opt = options.match(words, attribute.end + 1);
          if (opt !== null && (words[opt.end] === "is" || words[opt.end] === "=")) {
            const level = naturalInteger(words[opt.end + 1]);
            if (level !== null) {
              const bad = levelError(level);
              if (bad !== null) return failedParse(bad);
              acts.push({ kind: "share", option: opt.index, attribute: attribute.index, level });
              i = opt.end + 2;
              continue;
            }
          }
        }
      }
      i++;
    }
    if (acts.length > MAX_ACTS) return failedParse(`too many acts (limit ${MAX_ACTS})`);
    if (acts.length === 0)
      return failedParse('no act found (expected e.g. "<option> has <attribute> <level>." or "Nothing to add.")');
    return { acts };
  } catch (error) {
    return failedParse(`unparseable message (${error instanceof Error ? error.message : String(error)})`);
  }
}
