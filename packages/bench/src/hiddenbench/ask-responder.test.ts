import type { ChatMessage } from "@cosir/env";
import { describe, expect, it } from "vitest";
import type { ChatReply } from "../chat/chat-responder";
import { askResponder } from "./ask-responder";

const messages: ChatMessage[] = [{ role: "user", content: "hi" }];
const signal = new AbortController().signal;

describe("askResponder", () => {
  it("uses reply() when the responder has it, passing the signal", async () => {
    let seen: AbortSignal | undefined;
    const r = {
      name: "r",
      complete: async () => ["unused"],
      reply: async (_m: readonly ChatMessage[], s?: AbortSignal): Promise<ChatReply> => {
        seen = s;
        return { error: "busy" };
      },
    };
    expect(await askResponder(r, messages, signal)).toEqual({ error: "busy" });
    expect(seen).toBe(signal);
  });

  it("falls back to complete(): text, [chat error: ...] as an error, a missing reply", async () => {
    const via = (out: string[]) => askResponder({ name: "c", complete: async () => out }, messages, signal);
    expect(await via(["Alpha"])).toEqual({ text: "Alpha" });
    expect(await via(["[chat error: HTTP 503 [busy]]"])).toEqual({ error: "HTTP 503 [busy]" });
    expect(await via([])).toEqual({ error: "no reply" });
  });

  it("asks complete() for exactly the one conversation", async () => {
    let asked: readonly (readonly ChatMessage[])[] = [];
    await askResponder(
      {
        name: "c",
        complete: async (c) => {
          asked = c;
          return ["x"];
        },
      },
      messages,
      signal,
    );
    expect(asked).toEqual([messages]);
  });
});
