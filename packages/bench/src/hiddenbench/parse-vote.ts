import { normaliseText } from "./fact-stated";

/**
 * The answer a free-text vote names: an exact (normalised) match, else the answer mentioned last
 * (models often reason before voting), else null. Longer answers win ties of position.
 */
export function parseVote(text: string, answers: readonly string[]): number | null {
  const t = normaliseText(text);
  const normalised = answers.map(normaliseText);
  const exact = normalised.indexOf(t);
  if (exact >= 0 && t !== "") return exact;
  const padded = ` ${t} `;
  let best: number | null = null;
  let bestAt = -1;
  normalised.forEach((a, k) => {
    if (a === "") return;
    const at = padded.lastIndexOf(` ${a} `);
    if (at < 0) return;
    const end = at + a.length;
    const bestEnd = best === null ? -1 : bestAt + (normalised[best] as string).length;
    if (end > bestEnd || (end === bestEnd && a.length > (normalised[best as number] as string).length)) {
      best = k;
      bestAt = at;
    }
  });
  return best;
}
