import { InvalidArgumentError } from "@cosir/bayes";
import type { CreatedPolicy, PolicyBackend, PolicyBackendContext, PolicySpec } from "./policy-backend";
import { policyBackends } from "./policy-backends";

function backendOf(spec: PolicySpec): PolicyBackend {
  const backend = policyBackends.get(spec.kind);
  if (backend === undefined)
    throw new InvalidArgumentError(
      "kind",
      spec.kind,
      `expected a registered policy back end (${policyBackends.kinds().join(", ")})`,
    );
  return backend;
}

/** Builds the policy of a spec with the back end registered for its kind. */
export function createPolicy(spec: PolicySpec, context: PolicyBackendContext): Promise<CreatedPolicy> {
  return backendOf(spec).create(spec, context);
}

/** Runs the back end's checks made before any episode (a chat endpoint answers at all), if it has any. */
export async function probePolicy(spec: PolicySpec): Promise<void> {
  await backendOf(spec).probe?.(spec);
}

/** `name (kind)` or `name (kind: what)`, as report headers name a policy. */
export function policySpecLabel(spec: PolicySpec): string {
  const what = backendOf(spec).describe(spec);
  return `${spec.name} (${spec.kind}${what !== "" ? `: ${what}` : ""})`;
}
