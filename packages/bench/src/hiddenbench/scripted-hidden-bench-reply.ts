import type { ScriptedTaskMatch } from "./match-scripted-task";
import type {
  ScriptedHiddenBenchBehaviour,
  ScriptedHiddenBenchCall,
  ScriptedReplyStyle,
} from "./scripted-hidden-bench-types";
import { squashWhitespace as squash } from "./squash-whitespace";

/** A request is a vote when its last message asks for one (either protocol's wording). */
export const isVotePrompt = (user: string): boolean => /"vote"|Privately vote/.test(user);

/**
 * Tells a pre-discussion vote from a post-discussion one, however often a vote is asked again: an agent
 * (its system message: one agent of one task run) votes before its first turn and after its last. Also
 * counts the asks of each vote.
 */
export class ScriptedVoteCounter {
  private readonly spoke = new Set<string>();
  private readonly asks = new Map<string, number>();

  /** Records a turn request of the agent with this system message. */
  turn(system: string): void {
    this.spoke.add(system);
  }

  /** The kind of a vote request and its ask number (1-based) for that vote. */
  kind(system: string, hasAssistant: boolean): { kind: "preVote" | "postVote"; ask: number } {
    const kind = this.spoke.has(system) || hasAssistant ? "postVote" : "preVote";
    const key = `${kind}|${system}`;
    const ask = (this.asks.get(key) ?? 0) + 1;
    this.asks.set(key, ask);
    return { kind, ask };
  }
}

/** The option's label ("C" of "... (Site C)" or "(C)"), the scripted agent's own reading; undefined without one. */
export const scriptedLabel = (option: string): string | undefined =>
  /\((?:[A-Za-z]+ )?([A-Z0-9])\)\s*$/.exec(option)?.[1];

/** A vote in `style` (see ScriptedReplyStyle): the reply, whether it holds a JSON vote, and what a tolerant reader gets. */
function styledVote(
  answers: readonly string[],
  vote: number,
  style: ScriptedReplyStyle,
  ask: number,
): { reply: string; json: boolean; tolerantVote: number | null } {
  const name = answers[vote] as string;
  const other = answers[(vote + 1) % answers.length] as string;
  const json = JSON.stringify({
    vote: name,
    rationale: `${other} looks weaker than ${name}, and ${answers[(vote + 2) % answers.length]} is not convincing.`,
  });
  if (style === "letter") {
    const label = scriptedLabel(name);
    const reply =
      label !== undefined
        ? `Having weighed it all, my final answer: ${label}.`
        : `I'm going with ${name.toLowerCase()}.`;
    return { reply, json: false, tolerantVote: vote };
  }
  if (style === "thinking")
    return {
      reply: `<think>Maybe {"vote": ${JSON.stringify(other)}}? No.</think>\n${json}`,
      json: true,
      tolerantVote: vote,
    };
  if (style === "cutoff" && ask === 1)
    return { reply: `<think>I think the answer is ${other} but let me reconsider`, json: false, tolerantVote: null };
  return { reply: json, json: true, tolerantVote: vote };
}

export interface ScriptedReply {
  reply: string;
  /** Option index the reply votes for (votes), else null. */
  vote: number | null;
  /** Votes: the reply holds a JSON vote; and what a tolerant reader can tell (see ScriptedHiddenBenchCall). */
  json: boolean;
  tolerantVote: number | null;
  /** Hidden fact indices the reply states (turns). */
  stated: number[];
}

/**
 * What a scripted agent says (see ScriptedHiddenBenchBehaviour). A vote is a JSON object whose rationale
 * names the other options too (so a parser must read the vote field); it is the correct answer under
 * "full", or after the discussion for a discloser that has heard every hidden fact in `heard` (every
 * message but the system one, whitespace squashed), else the first wrong option, worded in `style` (`ask`:
 * the how-manieth ask of this vote). A turn states the held facts (discloser) or only repeats the
 * options (withholder), plus `padding` characters of filler.
 */
export function scriptedHiddenBenchReply(
  m: ScriptedTaskMatch,
  kind: ScriptedHiddenBenchCall["kind"],
  behaviour: ScriptedHiddenBenchBehaviour,
  heard: string,
  padding = 0,
  style: ScriptedReplyStyle = "json",
  ask = 1,
): ScriptedReply {
  const { task, heldFacts, condition } = m;
  const answers = task.possible_answers;
  if (kind !== "turn") {
    const correct = answers.indexOf(task.correct_answer);
    const wrong = answers.findIndex((a) => a !== task.correct_answer);
    const knowsAll = task.hidden_information.every((f, k) => heldFacts.includes(k) || heard.includes(squash(f)));
    const vote =
      condition === "full" || (kind === "postVote" && behaviour === "discloser" && knowsAll) ? correct : wrong;
    return { ...styledVote(answers, vote, style, ask), vote, stated: [] };
  }
  let reply: string;
  let stated: number[] = [];
  if (behaviour === "discloser") {
    stated = heldFacts;
    reply = `What I know: ${heldFacts.map((k) => squash(task.hidden_information[k] as string)).join(" ")}`;
  } else {
    reply = `We should weigh ${answers.join(", ")} carefully before deciding.`;
  }
  if (padding > 0) reply += ` ${"filler ".repeat(Math.ceil(padding / 7))}`;
  if (style === "thinking") reply = `<think>Let me think about what to say.</think>${reply}`;
  return { reply, vote: null, stated, json: false, tolerantVote: null };
}
