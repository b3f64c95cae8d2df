import { EventEmitter } from "node:events";
import fc from "fast-check";
import type { FastifyReply, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { ChatHttpError } from "./chat-http-error";
import { concurrencyLimit } from "./concurrency-limit";

describe("concurrencyLimit", () => {
  it("admits a request exactly when fewer than the limit are open, and frees a slot when one closes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.boolean(), { maxLength: 40 }),
        async (limit, steps) => {
          const hook = concurrencyLimit(limit);
          const open: EventEmitter[] = [];
          for (const arrive of steps) {
            if (arrive) {
              const raw = new EventEmitter();
              const admitted = await hook({} as FastifyRequest, { raw } as unknown as FastifyReply).then(
                () => true,
                (error: unknown) => {
                  expect(error).toBeInstanceOf(ChatHttpError);
                  expect((error as ChatHttpError).status).toBe(429);
                  return false;
                },
              );
              expect(admitted).toBe(open.length < limit);
              if (admitted) open.push(raw);
            } else open.shift()?.emit("close");
          }
        },
      ),
    );
  });
});
