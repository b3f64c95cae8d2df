import { InvalidArgumentError } from "@cosir/bayes";
import type { ChatResponder } from "../chat/chat-responder";

/**
 * The responder playing each seat: `team` is one responder for every seat, or one per seat (seat i
 * plays agent i mod the team's size). Throws an InvalidArgumentError on an empty team.
 */
export function teamSeats(team: ChatResponder | readonly ChatResponder[]): (agent: number) => ChatResponder {
  const seats = team as readonly ChatResponder[];
  if (Array.isArray(team) && seats.length === 0)
    throw new InvalidArgumentError("team", team, "expected at least one responder");
  return (agent: number): ChatResponder =>
    Array.isArray(team) ? (seats[agent % seats.length] as ChatResponder) : (team as ChatResponder);
}
