import { InvalidArgumentError } from "@cosir/bayes";
import fc from "fast-check";
import type { Act } from "../act";
import { generateTask } from "../../generators/generate-task";
import { naturalMatchers } from "../natural-matchers";
import { type NaturalToken, naturalTokens } from "../natural-tokens";
import { parseNatural } from "../parse-natural";
import { type NaturalTask, type ParseState, Sentence } from "./sentence";

/** The restaurants task the cue-family tests read (Restaurant A..C; food quality, service, ambience, value for money). */
export const restaurants: NaturalTask = generateTask({ family: "hiddenProfile", seed: 1 });

/**
 * Any option, attribute and level of `task`, as three fast-check arbitraries to spread into `fc.property`: the
 * property's first three arguments are then (option, attribute, level).
 */
export function cellArbitraries(
  task: NaturalTask,
): readonly [fc.Arbitrary<number>, fc.Arbitrary<number>, fc.Arbitrary<number>] {
  const [min, max] = task.levels;
  return [fc.nat(task.domain.options.length - 1), fc.nat(task.domain.attributes.length - 1), fc.integer({ min, max })];
}

/** The SHARE act of cell (option, attribute) at `level`, as the parser yields it. */
export const share = (option: number, attribute: number, level: number): Act => ({
  kind: "share",
  option,
  attribute,
  level,
});

/** The acts the natural parser reads from `text` (restaurants by default), for the shape tests of each session. */
export const acts = (text: string, task: NaturalTask = restaurants): Act[] => parseNatural(text, task).acts;

/** The ASK act of cell (option, attribute), put to agent `to` (0-based) where given. */
export const ask = (option: number, attribute: number, to?: number): Act =>
  to === undefined ? { kind: "ask", option, attribute } : { kind: "ask", option, attribute, to };

/** The PROPOSE act of `option`. */
export const propose = (option: number): Act => ({ kind: "propose", option });

/** Acts by name in a task, so a test reads as the sentence does: `by(task).share("Restaurant B", "service", 4)`. */
export const by = (task: NaturalTask) => ({
  share: (option: string, attribute: string, level: number): Act => ({
    kind: "share",
    option: task.domain.options.indexOf(option),
    attribute: task.domain.attributes.indexOf(attribute),
    level,
  }),
  ask: (option: string, attribute: string, to?: number): Act => ({
    kind: "ask",
    option: task.domain.options.indexOf(option),
    attribute: task.domain.attributes.indexOf(attribute),
    ...(to === undefined ? {} : { to }),
  }),
  propose: (option: string): Act => ({ kind: "propose", option: task.domain.options.indexOf(option) }),
});

/** `body` in a fenced code block (YAML by default). */
export const fence = (body: string, lang = "yaml"): string => `\`\`\`${lang}\n${body}\n\`\`\``;

/** A task whose levels run -2..2 (fundraiser stalls), for signed and spelled-out levels. */
export const stalls: NaturalTask = generateTask({
  family: "random",
  seed: 1,
  domain: "fundraiserStalls",
  options: 4,
  attributes: 4,
  levels: [-2, 2],
});

/** The manor mystery task the proposal tests read (Lord Ashby, Lady Ashby, Doctor Finch, Miss Hartley; levels 0..3). */
export const manor: NaturalTask = generateTask({
  family: "random",
  seed: 1,
  domain: "manorMystery",
  options: 4,
  attributes: 5,
  levels: [0, 3],
});

/** The video calls task (Monday morning .. Tuesday morning; four people's calendars; levels 0..2). */
export const calls = generateTask({
  family: "random",
  seed: 1,
  domain: "videoCalls",
  options: 4,
  attributes: 4,
  levels: [0, 2],
});

/**
 * Test support for the cue-family modules: `text` as one sentence (up to its first stop) and a fresh parse
 * state for `task`, with a `word` lookup for positions.
 */
export function testSentence(
  text: string,
  task: NaturalTask = restaurants,
  carried: Partial<Pick<ParseState, "context" | "subject">> = {},
): { s: Sentence; state: ParseState; at: (word: string) => number } {
  const tokens = naturalTokens(text);
  const words = tokens.map((t) => t.word);
  let to = 0;
  while (to < tokens.length && !(tokens[to] as NaturalToken).stop) to++;
  to = Math.min(to + 1, tokens.length);
  const s = new Sentence(
    tokens,
    words,
    new Array(tokens.length).fill(false),
    new Array(tokens.length).fill(false),
    0,
    to,
  );
  const { optionTokens, attributeTokens } = naturalMatchers(task);
  const state: ParseState = {
    task,
    options: optionTokens,
    attributes: attributeTokens,
    context: carried.context ?? null,
    subject: carried.subject ?? null,
  };
  const at = (word: string): number => {
    const i = words.indexOf(word);
    if (i < 0) throw new InvalidArgumentError("word", word, `expected one of ${JSON.stringify(words)}`);
    return i;
  };
  return { s, state, at };
}
