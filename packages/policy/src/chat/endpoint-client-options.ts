import type { PolicyEndpointOptions } from "../backends/policy-backend";
import type { EndpointClientOptions } from "./endpoint-client";

/**
 * The client options for one chat endpoint from the CLI's endpoint flags: greedy unless a temperature is given,
 * the API key from the flag or else COSIR_CHAT_API_KEY / OPENAI_API_KEY, and only the limits that were set.
 * Shared by the `chat` policy back end and `cosir bench --hiddenbench`, so both send the same requests.
 */
export function endpointClientOptions(
  baseUrl: string,
  model: string,
  seed: number,
  o: PolicyEndpointOptions,
  env: Readonly<Record<string, string | undefined>> = process.env,
): EndpointClientOptions {
  const apiKey = o.apiKey ?? env.COSIR_CHAT_API_KEY ?? env.OPENAI_API_KEY;
  return {
    baseUrl,
    model,
    seed,
    temperature: o.temperature ?? 0,
    ...(o.maxTokens !== undefined ? { maxTokens: o.maxTokens } : {}),
    ...(o.concurrency !== undefined ? { concurrency: o.concurrency } : {}),
    ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
    ...(apiKey ? { apiKey } : {}),
  };
}
