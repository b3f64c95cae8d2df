import { ProtocolError, type Observation, type PolicyAction } from "@cosir/env";

/**
 * Acts on a batch split by phase: the discussion observations through `talk`, then the choices (every observation
 * whose phase is not "discuss": the final and a pre-discussion choice) through `choose`, the actions put back in input
 * order. A side with nothing to do is not called. Throws ProtocolError, naming `label`, when a side answers the wrong
 * number of actions. What a policy that talks one way and chooses another is built on (TfjsPolicy's choiceTemperature,
 * the trainer's phasePolicy).
 */
export async function actByPhase(
  observations: readonly Observation[],
  talk: (observations: readonly Observation[]) => PolicyAction[] | Promise<PolicyAction[]>,
  choose: (observations: readonly Observation[]) => PolicyAction[] | Promise<PolicyAction[]>,
  label: { talk: string; choose: string } = { talk: "talk", choose: "choose" },
): Promise<PolicyAction[]> {
  const out: PolicyAction[] = new Array(observations.length);
  const groups: [typeof talk, string, number[]][] = [
    [talk, label.talk, []],
    [choose, label.choose, []],
  ];
  observations.forEach((o, i) => groups[o.phase === "discuss" ? 0 : 1]?.[2].push(i));
  for (const [act, name, indices] of groups) {
    if (indices.length === 0) continue;
    const actions = await act(indices.map((i) => observations[i] as Observation));
    if (actions.length !== indices.length)
      throw new ProtocolError(`phasePolicy: ${name} answered ${actions.length} of ${indices.length} observations`);
    indices.forEach((i, k) => {
      out[i] = actions[k] as PolicyAction;
    });
  }
  return out;
}
