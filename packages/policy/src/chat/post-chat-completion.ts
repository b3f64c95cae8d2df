import { ChatAttemptError } from "./chat-attempt-error";
import { EndpointUnreachableError } from "./endpoint-unreachable-error";
import { chatReplyText } from "./chat-reply-text";

/** What one attempt needs; see OpenAiClientOptions for each field. */
export interface ChatAttemptOptions {
  url: string;
  apiKey: string | undefined;
  timeoutMs: number;
  fetch: typeof fetch;
  retryAfter: boolean;
  readToolCalls: boolean;
  stopWhenUnreachable: boolean;
  notRetriedSuffix: string;
  maxReplyBytes: number | undefined;
  failureText: (stage: "request" | "read", error: unknown) => string;
}

// Errors that mean nothing will ever answer at this address. "bad port" is fetch's own refusal of a port it never
// connects to (6000, 10080 ...): no retry can succeed, so it is never retried, whatever `stopWhenUnreachable` says.
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "bad port",
]);
const NEVER_RETRIED_CODES = new Set(["bad port"]);

/** The most specific name of a network error: its cause's code, its own code, then the messages. */
export function causeCode(error: unknown): string {
  const e = error as { message?: string; code?: string; cause?: { code?: string; message?: string } };
  return e?.cause?.code ?? e?.code ?? e?.cause?.message ?? e?.message ?? String(error);
}

/**
 * One POST of `body` to the endpoint within `timeoutMs` (connect, wait and body); the reply's text, or a
 * ChatAttemptError saying whether to retry. With `stopWhenUnreachable`, an address nothing answers at
 * (connection refused, unknown host, HTTP 401/403/404) throws EndpointUnreachableError instead. `signal`
 * (a run's deadline) cancels the attempt.
 */
export async function postChatCompletion(body: string, o: ChatAttemptOptions, signal?: AbortSignal): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), o.timeoutMs);
  const onAbort = (): void => controller.abort();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    let response: Response;
    try {
      response = await o.fetch(o.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          ...(o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {}),
        },
        body,
        signal: controller.signal,
      });
    } catch (error) {
      if (signal?.aborted) throw new ChatAttemptError("cancelled: the run's deadline passed", true);
      if (controller.signal.aborted) throw new ChatAttemptError(`timed out after ${o.timeoutMs} ms`, true);
      const code = causeCode(error);
      if (o.stopWhenUnreachable && UNREACHABLE_CODES.has(code))
        throw new EndpointUnreachableError(o.url, code, { cause: error });
      throw new ChatAttemptError(o.failureText("request", error), !NEVER_RETRIED_CODES.has(code));
    }
    let text: string;
    try {
      text = o.maxReplyBytes === undefined ? await response.text() : await textWithin(response, o.maxReplyBytes);
    } catch (error) {
      if (error instanceof ChatAttemptError) throw error;
      throw new ChatAttemptError(
        controller.signal.aborted
          ? `timed out after ${o.timeoutMs} ms reading the reply`
          : o.failureText("read", error),
        true,
      );
    }
    if (!response.ok) throw httpError(response, text, o);
    return chatReplyText(text, o.readToolCalls);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

function httpError(response: Response, text: string, o: ChatAttemptOptions): Error {
  const detail = text.slice(0, 200).replace(/\s+/g, " ");
  const message = `HTTP ${response.status}${detail ? `: ${detail}` : ""}`;
  if (o.stopWhenUnreachable && [401, 403, 404].includes(response.status))
    return new EndpointUnreachableError(o.url, message);
  if ([408, 409, 425, 429].includes(response.status) || response.status >= 500) {
    const after = o.retryAfter ? Number(response.headers.get("retry-after")) : Number.NaN;
    return new ChatAttemptError(message, true, Number.isFinite(after) && after > 0 ? after * 1000 : undefined);
  }
  return new ChatAttemptError(`${message}${o.notRetriedSuffix}`, false);
}

/** The body as text, stopping (and not retrying) once it passes `maxBytes`: a runaway server costs no memory. */
async function textWithin(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new ChatAttemptError(`reply is larger than ${maxBytes} bytes`, false);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
