import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Template } from "@huggingface/jinja";
import { Tokenizer } from "@huggingface/tokenizers";
import { CheckpointError } from "../tfjs/checkpoint/checkpoint-error";

/** One chat message as Hugging Face chat templates take it (OpenAI shape; `tool_calls` for assistant turns). */
export interface HfChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  content: string;
  reasoning_content?: string;
  tool_calls?: Array<{ type?: "function"; function: { name: string; arguments: Record<string, unknown> | string } }>;
}

/** What a chat rendering takes besides the messages. */
export interface RenderChatOptions {
  /** Function schemas (OpenAI `tools` shape), rendered by the template's own tool section. */
  tools?: unknown[];
  /** Qwen3's switch: false makes the template open an empty `<think>` block. Passed through to the template. */
  enableThinking?: boolean;
  /** End with the assistant header so the model writes the next reply (default true). */
  addGenerationPrompt?: boolean;
  /**
   * More variables for the template (vLLM's `chat_template_kwargs`); they cannot replace the messages, tools or
   * the options above.
   */
  templateKwargs?: Record<string, unknown>;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new CheckpointError(path, `cannot read JSON (${(error as Error).message})`, { cause: error });
  }
}

/**
 * A checkpoint's tokenizer and chat template: `tokenizer.json` read by `@huggingface/tokenizers`, the template
 * (`chat_template.jinja` or `tokenizer_config.json`'s `chat_template`) rendered by `@huggingface/jinja`.
 */
export class HfTokenizer {
  readonly tokenizerJson: Record<string, unknown>;
  readonly tokenizerConfig: Record<string, unknown>;
  readonly chatTemplate: string | null;
  private readonly tokenizer: Tokenizer;
  private template: Template | null = null;

  constructor(tokenizerJson: Record<string, unknown>, tokenizerConfig: Record<string, unknown>, chatTemplate?: string) {
    this.tokenizerJson = tokenizerJson;
    this.tokenizerConfig = tokenizerConfig;
    const fromConfig = tokenizerConfig.chat_template;
    this.chatTemplate = chatTemplate ?? (typeof fromConfig === "string" ? fromConfig : null);
    this.tokenizer = new Tokenizer(tokenizerJson, tokenizerConfig);
  }

  /** Reads `tokenizer.json`, `tokenizer_config.json` and (when present) `chat_template.jinja` from a folder. */
  static fromFolder(dir: string): HfTokenizer {
    const tokenizerPath = join(dir, "tokenizer.json");
    if (!existsSync(tokenizerPath)) throw new CheckpointError(tokenizerPath, "missing (the tokenizer is required)");
    const json = readJson(tokenizerPath) as Record<string, unknown>;
    const configPath = join(dir, "tokenizer_config.json");
    const config = existsSync(configPath) ? (readJson(configPath) as Record<string, unknown>) : {};
    const templatePath = join(dir, "chat_template.jinja");
    const template = existsSync(templatePath) ? readFileSync(templatePath, "utf8") : undefined;
    try {
      return new HfTokenizer(json, config, template);
    } catch (error) {
      if (error instanceof CheckpointError) throw error;
      throw new CheckpointError(tokenizerPath, `cannot build the tokenizer (${(error as Error).message})`, {
        cause: error,
      });
    }
  }

  /** Token ids of `text`, added tokens (`<|im_start|>`, `<tool_call>`, ...) matched as single tokens. */
  encode(text: string): number[] {
    return this.tokenizer.encode(text, { add_special_tokens: false }).ids;
  }

  decode(ids: readonly number[], skipSpecialTokens = false): string {
    return this.tokenizer.decode([...ids], { skip_special_tokens: skipSpecialTokens });
  }

  /** The id of one token string, or undefined. */
  tokenId(token: string): number | undefined {
    return this.tokenizer.token_to_id(token);
  }

  /** Renders messages through the checkpoint's chat template. */
  renderChat(messages: readonly HfChatMessage[], options: RenderChatOptions = {}): string {
    if (this.chatTemplate === null)
      throw new CheckpointError("tokenizer_config.json", "has no chat_template (and there is no chat_template.jinja)");
    this.template ??= new Template(this.chatTemplate);
    const tokenString = (key: string): string | undefined => {
      const v = this.tokenizerConfig[key];
      if (typeof v === "string") return v;
      if (v !== null && typeof v === "object" && typeof (v as { content?: unknown }).content === "string")
        return (v as { content: string }).content;
      return undefined;
    };
    return this.template.render({
      ...options.templateKwargs,
      messages,
      ...(options.tools !== undefined && options.tools.length > 0 ? { tools: options.tools } : {}),
      ...(options.enableThinking !== undefined ? { enable_thinking: options.enableThinking } : {}),
      add_generation_prompt: options.addGenerationPrompt ?? true,
      bos_token: tokenString("bos_token") ?? "",
      eos_token: tokenString("eos_token") ?? "",
    });
  }
}
