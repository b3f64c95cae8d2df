import { chatErrorType } from "./chat-http-error";

/** OpenAI's error body, the shape OpenAI-compatible clients read (`code` is always null here). */
export interface ChatErrorBody {
  error: { message: string; type: string; param: string | null; code: null };
}

export function chatErrorBody(status: number, message: string, param: string | null = null): ChatErrorBody {
  return { error: { message, type: chatErrorType(status), param, code: null } };
}
