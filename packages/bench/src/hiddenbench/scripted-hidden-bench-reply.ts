import type { ScriptedTaskMatch } from "./match-scripted-task";
import type { ScriptedHiddenBenchBehaviour, ScriptedHiddenBenchCall } from "./scripted-hidden-bench-types";
import { squashWhitespace as squash } from "./squash-whitespace";

/** A request is a vote when its last message asks for one (either protocol's wording). */
export const isVotePrompt = (user: string): boolean => /"vote"|Privately vote/.test(user);

/**
 * Tells a pre-discussion vote from a post-discussion one: each agent (task, condition, held facts) votes
 * twice per task run, before then after, so its votes alternate.
 */
export class ScriptedVoteCounter {
  private readonly seen = new Map<string, number>();

  kind(m: ScriptedTaskMatch): "preVote" | "postVote" {
    const key = `${m.task.id}|${m.condition}|${m.heldFacts.join(",")}`;
    const seen = this.seen.get(key) ?? 0;
    this.seen.set(key, seen + 1);
    return seen % 2 === 0 ? "preVote" : "postVote";
  }
}

export interface ScriptedReply {
  reply: string;
  /** Option index the reply votes for (votes), else null. */
  vote: number | null;
  /** Hidden fact indices the reply states (turns). */
  stated: number[];
}

/**
 * What a scripted agent says (see ScriptedHiddenBenchBehaviour). A vote is a JSON object whose rationale
 * names the other options too (so a parser must read the vote field); it is the correct answer under
 * "full", or after the discussion for a discloser that has heard every hidden fact in `heard` (every
 * message but the system one, whitespace squashed), else the first wrong option. A turn states the held
 * facts (discloser) or only repeats the options (withholder), plus `padding` characters of filler.
 */
export function scriptedHiddenBenchReply(
  m: ScriptedTaskMatch,
  kind: ScriptedHiddenBenchCall["kind"],
  behaviour: ScriptedHiddenBenchBehaviour,
  heard: string,
  padding = 0,
): ScriptedReply {
  const { task, heldFacts, condition } = m;
  const answers = task.possible_answers;
  if (kind !== "turn") {
    const correct = answers.indexOf(task.correct_answer);
    const wrong = answers.findIndex((a) => a !== task.correct_answer);
    const knowsAll = task.hidden_information.every((f, k) => heldFacts.includes(k) || heard.includes(squash(f)));
    const vote =
      condition === "full" || (kind === "postVote" && behaviour === "discloser" && knowsAll) ? correct : wrong;
    const other = answers[(vote + 1) % answers.length] as string;
    const reply = JSON.stringify({
      vote: answers[vote],
      rationale: `${other} looks weaker than ${answers[vote]}, and ${answers[(vote + 2) % answers.length]} is not convincing.`,
    });
    return { reply, vote, stated: [] };
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
  return { reply, vote: null, stated };
}
