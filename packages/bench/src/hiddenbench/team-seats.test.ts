import { describe, expect, it } from "vitest";
import type { ChatResponder } from "../chat/chat-responder";
import { teamSeats } from "./team-seats";

const responder = (name: string): ChatResponder => ({ name, complete: async () => [] });

describe("teamSeats", () => {
  it("one responder plays every seat", () => {
    const r = responder("a");
    const seat = teamSeats(r);
    expect([0, 1, 7].map(seat)).toEqual([r, r, r]);
  });

  it("a team plays seat i with member i mod its size", () => {
    const team = [responder("a"), responder("b"), responder("c")];
    const seat = teamSeats(team);
    expect([0, 1, 2, 3, 4, 8].map((i) => seat(i).name)).toEqual(["a", "b", "c", "a", "b", "c"]);
  });

  it("rejects an empty team", () => {
    expect(() => teamSeats([])).toThrow(/^team:/);
  });
});
