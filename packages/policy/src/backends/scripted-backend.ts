import { SCRIPTED_KINDS, type ScriptedKind, scriptedPolicy } from "../scripted/scripted-policy";
import type { PolicyBackend } from "./policy-backend";

const isKind = (value: string): boolean => (SCRIPTED_KINDS as readonly string[]).includes(value);

/** `oracle`, `name=oracle`, `name=scripted:oracle`: a scripted team on the canonical surface. */
export const scriptedBackend: PolicyBackend = {
  syntax: `a scripted policy (${SCRIPTED_KINDS.join(", ")})`,
  usage: `${SCRIPTED_KINDS.join(", ")} (scripted)`,
  accepts: isKind,
  parse: (arg) => (isKind(arg) ? { target: arg } : undefined),
  describe: () => "",
  async create(spec, { seed }) {
    const p = scriptedPolicy(spec.target as ScriptedKind, { seed });
    return { policy: { name: spec.name, act: (obs) => p.act(obs) }, surface: "canonical" };
  },
};
