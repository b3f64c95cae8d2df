import { seatLengths, type DatasetRowsOptions } from "@cosir/serve-env";
import type { CliIo } from "../cli-io";

/**
 * `cosir export --print-lengths`: the longest seat prompt and seat stream of the exported tasks (an estimate,
 * see `seatLengths`), and the engine length settings they give, ready to paste.
 */
export function printSeatLengths(io: CliIo, rows: DatasetRowsOptions, tokensPerTurn: number): void {
  const l = seatLengths({ ...rows, tokensPerTurn });
  const where = (p: { seed: number; agent: number }) => `task seed ${p.seed}, seat ${p.agent}`;
  const { maxPromptLength, maxResponseLength, maxLen } = l.suggested;
  io.stdout.write(
    `lengths over ${l.rows} tasks, every seat, ${tokensPerTurn} tokens per message or choice (COSIR_MAX_TOKENS_PER_TURN), ${l.charsPerToken} characters per token for the fixed text:\n` +
      `  longest seat prompt:   ${l.prompt.chars} characters + ${l.prompt.teammateMessages} teammates' messages ~ ${l.prompt.tokens} tokens (${where(l.prompt)})\n` +
      `  longest seat response: ${l.response.chars} characters + ${l.response.teammateMessages} teammates' messages + ${l.response.actions} own actions ~ ${l.response.tokens} tokens (${where(l.response)})\n` +
      `  longest seat stream:   ~ ${l.total.tokens} tokens (${where(l.total)})\n` +
      `  verl:     data.max_prompt_length=${maxPromptLength} data.max_response_length=${maxResponseLength}\n` +
      `  OpenRLHF: --data.max_len ${maxLen}\n`,
  );
}
