import type { Observation, Policy, PolicyAction } from "@cosir/env";
import type { ChatResponder } from "./chat-responder";

/** A Policy that sends each observation's chat messages to a ChatResponder (natural surface). */
export function responderPolicy(responder: ChatResponder, name: string = responder.name): Policy {
  return {
    name,
    async act(observations: readonly Observation[]): Promise<PolicyAction[]> {
      const texts = await responder.complete(observations.map((o) => o.chat));
      return texts.map((text) => ({ text }));
    },
  };
}
