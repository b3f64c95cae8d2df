import { InvalidArgumentError } from "@cosir/bayes";
import type { PublicTask } from "../task/task";
import type { Act } from "./act";
import type { ToolCall } from "./chat-tool";

function name(list: readonly string[], k: number, field: string): string {
  const n = list[k];
  if (n === undefined) throw new InvalidArgumentError(field, k, `expected an index in 0..${list.length - 1}`);
  return n;
}

/**
 * OpenAI-style tool calls for a message, one per act (an empty list is one pass call): what a model on the
 * tool surface returns as `tool_calls`. `parseToolCalls` reads them back to the same acts.
 */
export function renderToolCalls(acts: readonly Act[], task: Pick<PublicTask, "domain">): ToolCall[] {
  const { options, attributes } = task.domain;
  const list: readonly Act[] = acts.length === 0 ? [{ kind: "pass" }] : acts;
  return list.map((act, k): ToolCall => {
    let args: Record<string, unknown>;
    switch (act.kind) {
      case "share":
        args = {
          option: name(options, act.option, "option"),
          attribute: name(attributes, act.attribute, "attribute"),
          level: act.level,
        };
        break;
      case "ask":
        args = { option: name(options, act.option, "option"), attribute: name(attributes, act.attribute, "attribute") };
        if (act.to !== undefined) args.to = act.to + 1;
        break;
      case "propose":
        args = { option: name(options, act.option, "option") };
        break;
      case "pass":
        args = {};
        break;
    }
    return { id: `call_${k}`, type: "function", function: { name: act.kind, arguments: JSON.stringify(args) } };
  });
}
