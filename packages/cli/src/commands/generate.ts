import { domainNames, generateTask, taskFamilies } from "@cosir/env";
import type { CliCommand } from "../cli-io";
import { choiceFlag, intFlag, parseFlags } from "../flags";
import { writeLine } from "../jsonl";

export const sizeFlags = {
  options: { type: "string" },
  attributes: { type: "string" },
  agents: { type: "string" },
  domain: { type: "string" },
} as const;

/** Size and domain overrides shared by generate, play and export. */
export function sizeOptions(values: Record<string, unknown>): {
  options?: number;
  attributes?: number;
  agents?: number;
  domain?: string;
} {
  const out: { options?: number; attributes?: number; agents?: number; domain?: string } = {};
  if (values.options !== undefined) out.options = intFlag(values, "options", undefined, 2, 64);
  if (values.attributes !== undefined) out.attributes = intFlag(values, "attributes", undefined, 1, 64);
  if (values.agents !== undefined) out.agents = intFlag(values, "agents", undefined, 1, 16);
  if (values.domain !== undefined) out.domain = choiceFlag(values, "domain", domainNames);
  return out;
}

export const generateCommand: CliCommand = async (argv, io) => {
  const { values } = parseFlags(argv, {
    family: { type: "string" },
    seed: { type: "string" },
    n: { type: "string" },
    ...sizeFlags,
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.stdout.write(
      `usage: cosir generate --family ${Object.keys(taskFamilies).join("|")} --seed S --n N [--options K --attributes M --agents A --domain ${domainNames.join("|")}]\nWrites one task per line (seeds S..S+N-1).\n`,
    );
    return 0;
  }
  const family = choiceFlag(values, "family", Object.keys(taskFamilies));
  const seed = intFlag(values, "seed", undefined, 0, 2 ** 31 - 1);
  const n = intFlag(values, "n", 1, 0, 10_000_000);
  const size = sizeOptions(values);
  // Validate the size flags once before streaming, so a bad flag writes nothing.
  if (n > 0) generateTask({ family, seed, ...size });
  for (let k = 0; k < n; k++) await writeLine(io.stdout, generateTask({ family, seed: seed + k, ...size }));
  return 0;
};
