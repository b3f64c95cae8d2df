import type { Task, Trace } from "@cosir/env";
import { type ChoiceScratchpad, scratchpadFor } from "../teacher/choice-scratchpad";
import { type FinalChoice, finalChoices } from "./base-skills";

/** How a policy's written choice scratchpads compare with the teacher's on the same evidence (all shares 0..1). */
export interface ScratchpadSkills {
  /** Final choices read. */
  choices: number;
  /** Share of the final choices that carry a readable tally with one value per answer. */
  tallies: number;
  /** Mean |written value - teacher's value| over the entries of those tallies (scratchpad units: percents). */
  meanAbsError: number;
  /** Share of the readable tallies equal to the teacher's in every entry. */
  exact: number;
  /** Share of the readable tallies whose CHOOSE is the answer their own values choose (scratchpad.answer). */
  followsTally: number;
  /** Share of the readable tallies whose own values choose the MAP of the agent's evidence. */
  tallyArgmaxIsMap: number;
  /** Share of all final choices where the teacher's scratchpad on the same evidence picks the MAP: the ceiling. */
  teacherArgmaxIsMap: number;
}

/** The values and the choice of `TALLY o0 <n> o1 <n> ... CHOOSE o<k>` (renderTally's form), or null. */
export function readTally(text: string): { values: number[]; choice: number } | null {
  const words = text.trim().split(/\s+/);
  if (words[0] !== "TALLY" || words.length < 5 || words.at(-2) !== "CHOOSE") return null;
  const choice = /^o(0|[1-9][0-9]{0,3})$/.exec(words.at(-1) as string);
  const pairs = words.slice(1, -2);
  if (choice === null || pairs.length % 2 !== 0) return null;
  const values: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    if (pairs[i] !== `o${i / 2}` || !/^(0|[1-9][0-9]{0,3})$/.test(pairs[i + 1] as string)) return null;
    values.push(Number(pairs[i + 1]));
  }
  return { values, choice: Number(choice[1]) };
}

/**
 * Where a policy's choices go wrong when it chooses through a scratchpad (issue 24's choice = MAP): for every final
 * choice, the teacher's scratchpad on the agent's evidence (own cells and teammates' claims; `scratchpad`, the shapes
 * teacher's percent form by default, scratchpadFor) beside the one the policy wrote. Separates the arithmetic (the written values'
 * error), the last step (CHOOSE against the written values' argmax) and the scratchpad's own ceiling (the teacher's
 * argmax against the MAP). Pure; the traces' final choices must carry their text.
 */
export function scratchpadSkills(
  tasks: readonly Task[],
  traces: readonly Trace[],
  scratchpad: ChoiceScratchpad = scratchpadFor(),
): ScratchpadSkills {
  return scratchpadSkillsOf(finalChoices(tasks, traces), scratchpad);
}

/** scratchpadSkills over final choices already read (finalChoices), for a caller that groups them first. */
export function scratchpadSkillsOf(
  finals: Iterable<FinalChoice>,
  scratchpad: ChoiceScratchpad = scratchpadFor(),
): ScratchpadSkills {
  let choices = 0;
  let tallies = 0;
  let error = 0;
  let entries = 0;
  let exact = 0;
  let follows = 0;
  let tallyMap = 0;
  let teacherMap = 0;
  for (const { task, choice, beliefs, map } of finals) {
    choices++;
    const teacher = scratchpad.values(task, beliefs);
    if (scratchpad.answer(task, teacher) === map) teacherMap++;
    const written = readTally(choice.text);
    if (written === null || written.values.length !== teacher.length) continue;
    tallies++;
    let same = true;
    written.values.forEach((v, i) => {
      error += Math.abs(v - (teacher[i] as number));
      if (v !== teacher[i]) same = false;
    });
    entries += written.values.length;
    if (same) exact++;
    const own = scratchpad.answer(task, written.values);
    if (written.choice === own) follows++;
    if (own === map) tallyMap++;
  }
  const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    choices,
    tallies: ratio(tallies, choices),
    meanAbsError: ratio(error, entries),
    exact: ratio(exact, tallies),
    followsTally: ratio(follows, tallies),
    tallyArgmaxIsMap: ratio(tallyMap, tallies),
    teacherArgmaxIsMap: ratio(teacherMap, choices),
  };
}
