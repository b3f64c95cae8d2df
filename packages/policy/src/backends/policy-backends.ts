import { InvalidArgumentError } from "@cosir/bayes";
import { chatBackend } from "./chat-backend";
import { checkpointBackend } from "./checkpoint-backend";
import type { PolicyBackend } from "./policy-backend";
import { scriptedBackend } from "./scripted-backend";

// Registration order is the order of `--help`, of error messages, and in which plain values are offered.
const registry = new Map<string, PolicyBackend>([
  ["scripted", scriptedBackend],
  ["checkpoint", checkpointBackend],
  ["chat", chatBackend],
]);

/**
 * Policy back ends by kind, the way `benchmarkRegistry` holds benchmarks: scripted, checkpoint (tfjs, loaded
 * only when used) and chat built in; `register` adds one (a real-model back end, say) that `--policies
 * name=KIND:ARG` then reaches.
 */
export const policyBackends = {
  /** Adds (or replaces) the back end of `kind` (letters, digits, "-" and "_", starting with a letter). */
  register(kind: string, backend: PolicyBackend): void {
    if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(kind))
      throw new InvalidArgumentError("kind", kind, "expected letters, digits, - and _, starting with a letter");
    if (typeof backend?.parse !== "function" || typeof backend.create !== "function")
      throw new InvalidArgumentError("backend", kind, "expected a PolicyBackend (parse and create functions)");
    registry.set(kind, backend);
  },
  get(kind: string): PolicyBackend | undefined {
    return registry.get(kind);
  },
  has(kind: string): boolean {
    return registry.has(kind);
  },
  kinds(): string[] {
    return [...registry.keys()];
  },
  /** Removes a back end (tests). */
  delete(kind: string): boolean {
    return registry.delete(kind);
  },
};
