import type { PublicTask } from "../task/task";
import type { Act } from "./act";
import { canonicalTokens, canonicalWord } from "./canonical-tokens";
import { MAX_ACTS, MAX_MESSAGE_LENGTH } from "./message-limits";
import { failedParse, quote, type MessageParseResult } from "./parse-result";

type Bounds = Pick<PublicTask, "options" | "attributes" | "agents" | "levels">;

/**
 * Parses canonical text (`SHARE o1 a2 4 ; ASK o0 a3 @2 ; PROPOSE o1`, `PASS`). Keywords are case-insensitive;
 * anything else is a parse error. With a task, option / attribute / agent / level ranges are checked.
 * Never throws; linear in the text; texts over MAX_MESSAGE_LENGTH are rejected unscanned.
 */
export function parseCanonical(text: string, task?: Bounds): MessageParseResult {
  try {
    if (typeof text !== "string") return failedParse(`expected a string, got ${typeof text}`);
    if (text.length > MAX_MESSAGE_LENGTH)
      return failedParse(`message too long: ${text.length} characters (limit ${MAX_MESSAGE_LENGTH})`);
    const tokens = canonicalTokens(text, MAX_ACTS * 6);
    if (tokens === null) return failedParse(`too many words (limit ${MAX_ACTS} acts)`);
    if (tokens.length === 0) return failedParse("empty message");
    const acts: Act[] = [];
    let i = 0;
    const optionAt = (j: number): number | string => {
      const o = canonicalWord.option(tokens[j]);
      if (o === null) return `expected an option o<k> at word ${j + 1}, got ${quote(tokens[j] ?? "end of message")}`;
      if (task !== undefined && o >= task.options)
        return `option o${o} out of range (task has o0..o${task.options - 1})`;
      return o;
    };
    const attributeAt = (j: number): number | string => {
      const a = canonicalWord.attribute(tokens[j]);
      if (a === null) return `expected an attribute a<m> at word ${j + 1}, got ${quote(tokens[j] ?? "end of message")}`;
      if (task !== undefined && a >= task.attributes)
        return `attribute a${a} out of range (task has a0..a${task.attributes - 1})`;
      return a;
    };
    for (;;) {
      if (acts.length >= MAX_ACTS) return failedParse(`too many acts (limit ${MAX_ACTS})`);
      const keyword = (tokens[i] ?? "").toUpperCase();
      if (keyword === "SHARE") {
        const option = optionAt(i + 1);
        if (typeof option === "string") return failedParse(option);
        const attribute = attributeAt(i + 2);
        if (typeof attribute === "string") return failedParse(attribute);
        const level = canonicalWord.integer(tokens[i + 3]);
        if (level === null)
          return failedParse(`expected a level at word ${i + 4}, got ${quote(tokens[i + 3] ?? "end of message")}`);
        if (task !== undefined && (level < task.levels[0] || level > task.levels[1])) {
          return failedParse(`level ${level} out of range (task levels ${task.levels[0]}..${task.levels[1]})`);
        }
        acts.push({ kind: "share", option, attribute, level });
        i += 4;
      } else if (keyword === "ASK") {
        const option = optionAt(i + 1);
        if (typeof option === "string") return failedParse(option);
        const attribute = attributeAt(i + 2);
        if (typeof attribute === "string") return failedParse(attribute);
        const to = canonicalWord.agent(tokens[i + 3]);
        if (to !== null) {
          if (task !== undefined && to >= task.agents)
            return failedParse(`agent @${to} out of range (task has @0..@${task.agents - 1})`);
          acts.push({ kind: "ask", option, attribute, to });
          i += 4;
        } else {
          acts.push({ kind: "ask", option, attribute });
          i += 3;
        }
      } else if (keyword === "PROPOSE") {
        const option = optionAt(i + 1);
        if (typeof option === "string") return failedParse(option);
        acts.push({ kind: "propose", option });
        i += 2;
      } else if (keyword === "PASS") {
        acts.push({ kind: "pass" });
        i += 1;
      } else {
        return failedParse(
          `expected SHARE, ASK, PROPOSE or PASS at word ${i + 1}, got ${quote(tokens[i] ?? "end of message")}`,
        );
      }
      if (i >= tokens.length) return { acts };
      if (tokens[i] !== ";")
        return failedParse(`expected ";" between acts at word ${i + 1}, got ${quote(tokens[i] ?? "")}`);
      i += 1;
    }
  } catch (error) {
    return failedParse(`unparseable message (${error instanceof Error ? error.message : String(error)})`);
  }
}
