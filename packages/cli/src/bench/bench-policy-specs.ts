import { InvalidArgumentError } from "@cosir/bayes";
import { parsePolicySpecs, type PolicySpec } from "@cosir/policy";

/**
 * The teams of a held-out run: the `--policies` entries, then the `--endpoint`/`--model` chat team (returned
 * as `endpointSpec` too: it reports its own unreachable endpoint, so it is not probed).
 */
export function benchPolicySpecs(
  policies: string | boolean | undefined,
  endpoint: string | undefined,
  model: string | undefined,
): { specs: PolicySpec[]; endpointSpec: PolicySpec | undefined } {
  const raw = typeof policies === "string" ? policies : endpoint !== undefined && model !== undefined ? "" : undefined;
  if (raw === undefined) throw new InvalidArgumentError("--policies", policies, "is required");
  const specs = raw === "" ? [] : parsePolicySpecs(raw);
  if (endpoint === undefined || model === undefined) return { specs, endpointSpec: undefined };
  if (specs.some((s) => s.name === model))
    throw new InvalidArgumentError("--model", model, "expected a name distinct from the --policies names");
  const endpointSpec: PolicySpec = { name: model, kind: "chat", target: model, url: endpoint };
  specs.push(endpointSpec);
  return { specs, endpointSpec };
}
