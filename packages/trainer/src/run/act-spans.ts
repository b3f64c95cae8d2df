/** Which act of a message each completion token belongs to, and each act's reward (docs/design.md §5.3). */
export interface ActSpans {
  /** Per act, its reward; one entry (the turn's reward) when the message is not split. */
  rewards: number[];
  /** Per completion token, the index of its act in `rewards`. */
  tokenAct: number[];
}

/**
 * Cuts a sampled message into its acts at the separator token (";"): the tokens before the first separator are
 * act 0, and each separator starts the act after it (the choice to say one more thing belongs to that thing);
 * whatever follows the last act (the end token) stays with it. The cut is used only when it gives exactly as many
 * pieces as the message scored acts (`actRewards`); otherwise (a choice, a message that did not parse, a trailing
 * separator) the whole action is one act with the turn's reward.
 */
export function actSpans(
  completion: readonly number[],
  turnReward: number,
  actRewards: readonly number[] | undefined,
  separator: number | undefined,
): ActSpans {
  const whole: ActSpans = { rewards: [turnReward], tokenAct: completion.map(() => 0) };
  if (actRewards === undefined || actRewards.length < 2 || separator === undefined) return whole;
  let act = 0;
  const tokenAct = completion.map((token) => {
    if (token === separator) act++;
    return act;
  });
  return act + 1 === actRewards.length ? { rewards: [...actRewards], tokenAct } : whole;
}
