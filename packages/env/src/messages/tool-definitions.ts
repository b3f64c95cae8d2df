import type { PublicTask } from "../task/task";
import { answerNames } from "./answer-names";
import type { ChatTool, JsonSchema } from "./chat-tool";

type ToolTask = Pick<PublicTask, "domain" | "decision" | "agents" | "levels">;

function tool(name: string, description: string, properties: JsonSchema, required: string[]): ChatTool {
  return {
    type: "function",
    function: {
      name,
      description,
      parameters: { type: "object", properties, required, additionalProperties: false },
    },
  };
}

/**
 * The tool surface's tools for a task (docs/design.md §2.4), as OpenAI-style function definitions with JSON
 * schemas naming the task's options, attributes, levels and agents: `"message"` gives share, ask, propose and
 * pass (one call per act, several calls per message); `"choice"` gives choose (the private choice).
 */
export function toolDefinitions(task: ToolTask, kind: "message" | "choice" = "message"): ChatTool[] {
  const { options, attributes, optionNoun } = task.domain;
  const [lo, hi] = task.levels;
  const option = { type: "string", enum: [...options], description: `the ${optionNoun}` };
  const attribute = { type: "string", enum: [...attributes], description: "the attribute" };
  if (kind === "choice") {
    const answers = answerNames(task);
    return [
      tool(
        "choose",
        task.decision.kind === "argmax"
          ? `Privately choose the ${optionNoun} you think is best.`
          : "Privately choose the total you think is right.",
        { option: { type: "string", enum: answers, description: "your answer" } },
        ["option"],
      ),
    ];
  }
  return [
    tool(
      "share",
      "Tell the team a rating you know.",
      { option, attribute, level: { type: "integer", minimum: lo, maximum: hi, description: "the rating" } },
      ["option", "attribute", "level"],
    ),
    tool(
      "ask",
      "Ask for a rating; give `to` to ask one teammate.",
      {
        option,
        attribute,
        to: { type: "integer", minimum: 1, maximum: task.agents, description: "the agent asked (Agent 1 is 1)" },
      },
      ["option", "attribute"],
    ),
    tool("propose", `Suggest the team's answer.`, { option }, ["option"]),
    tool("pass", "Say nothing this turn.", {}, []),
  ];
}
