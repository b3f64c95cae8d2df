/** Team decision (docs/design.md §2): the answer chosen by a strict majority of all agents, else null (failure). */
export function teamDecision(choices: readonly (number | null)[]): number | null {
  const counts = new Map<number, number>();
  for (const c of choices) if (c !== null) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const [answer, n] of counts) if (2 * n > choices.length) return answer;
  return null;
}
