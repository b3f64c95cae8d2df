import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { InvalidArgumentError } from "@cosir/bayes";
import type { HiddenBenchPrompts } from "@cosir/bench";

/** The original prompt files (system_prompt.txt ...) read from --prompts DIR, those present. */
export function promptsFrom(dir: string): Partial<HiddenBenchPrompts> {
  const files: [keyof HiddenBenchPrompts, string][] = [
    ["system", "system_prompt.txt"],
    ["firstSpeaker", "first_user_prompt.txt"],
    ["turn", "user_prompt.txt"],
    ["firstVote", "first_vote_prompt.txt"],
    ["vote", "vote.txt"],
  ];
  const out: Partial<HiddenBenchPrompts> = {};
  for (const [key, file] of files) if (existsSync(join(dir, file))) out[key] = readFileSync(join(dir, file), "utf8");
  if (Object.keys(out).length === 0)
    throw new InvalidArgumentError("--prompts", dir, "expected a folder with system_prompt.txt, user_prompt.txt, ...");
  return out;
}
