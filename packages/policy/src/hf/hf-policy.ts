import type { Observation, Policy, PolicyAction } from "@cosir/env";
import { sequenceLogProbs } from "./decoder-log-probs";
import type { DecoderModel } from "./decoder-model";
import type { HfChatMessage, HfTokenizer } from "./hf-tokenizer";
import { sampleDecoder } from "./sample-decoder";

export interface HfPolicyOptions {
  model: DecoderModel;
  tokenizer: HfTokenizer;
  name?: string;
  seed?: number;
  temperature?: number;
  topP?: number;
  /** Longest reply in tokens (default 96). */
  maxNewTokens?: number;
  /** Passed to the chat template as `enable_thinking` (default false: Qwen3 then opens an empty think block). */
  enableThinking?: boolean;
  /**
   * Render the tool surface's function schemas through the template's tool block (default true). false leaves them
   * out (the system prompt still says to call tools, and replies are parsed the same): Qwen3's block is ~500 of the
   * ~800 prompt tokens of a small task, too long for training tiny models on a CPU.
   */
  toolSchemas?: boolean;
}

/** A reply's text as the episode reads it: any `<think>` block removed (its tokens stay in `tokens`). */
export function replyText(decoded: string): string {
  return decoded
    .replace(/<think>[\s\S]*?<\/think>/g, "")
    .replace(/<think>[\s\S]*$/, "")
    .trim();
}

/**
 * A Hugging Face decoder as a CoSIR `Policy`: each observation's `chat` (and `tools`, on the tool surface, whose
 * `<tool_call>` text the episode parses) is rendered by the checkpoint's own template, all observations sample
 * as one batch, and each action keeps its reply tokens and their log-probs for training.
 */
export class HfPolicy implements Policy {
  readonly name: string;
  private calls = 0;

  constructor(private readonly options: HfPolicyOptions) {
    this.name = options.name ?? `hf:${options.model.config.architecture}`;
  }

  /** The prompt ids of an observation: its chat (and tools) through the checkpoint's template, generation prompt on. */
  promptIds(observation: Observation): number[] {
    const text = this.options.tokenizer.renderChat(observation.chat as HfChatMessage[], {
      ...(observation.tools !== undefined && this.options.toolSchemas !== false ? { tools: observation.tools } : {}),
      enableThinking: this.options.enableThinking ?? false,
    });
    return this.options.tokenizer.encode(text);
  }

  async act(observations: readonly Observation[]): Promise<PolicyAction[]> {
    if (observations.length === 0) return [];
    const prompts = observations.map((o) => this.promptIds(o));
    const seed = (this.options.seed ?? 0) * 1_000_003 + this.calls++;
    const result = sampleDecoder(this.options.model, prompts, {
      maxNewTokens: this.options.maxNewTokens ?? 96,
      seed,
      ...(this.options.temperature !== undefined ? { temperature: this.options.temperature } : {}),
      ...(this.options.topP !== undefined ? { topP: this.options.topP } : {}),
    });
    return result.tokens.map((tokens, r) => ({
      text: replyText(this.options.tokenizer.decode(tokens, true)),
      tokens,
      logprobs: result.logProbs[r]!,
    }));
  }

  async logprobs(batch: readonly { observation: Observation; action: PolicyAction }[]): Promise<number[][]> {
    const rows = batch.map(({ observation, action }) => {
      const prompt = this.promptIds(observation);
      const reply = action.tokens ?? this.options.tokenizer.encode(action.text);
      return { tokens: [...prompt, ...reply], from: prompt.length };
    });
    const scored = rows.filter((r) => r.tokens.length > r.from);
    const values = sequenceLogProbs(
      this.options.model,
      scored.map((r) => r.tokens),
      scored.map((r) => r.from),
    );
    let k = 0;
    return rows.map((r) => (r.tokens.length > r.from ? values[k++]! : []));
  }
}
