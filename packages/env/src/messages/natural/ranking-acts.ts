import type { StructuredActs } from "./structured-acts";
import { foldCell, type Names } from "./table-acts";

// A ranked list put forward as the team's pick (issue 26, session 49; fresh92): a heading that names a ranking of
// the speaker's own, closed by a colon, over numbered lines of one option each, the first numbered 1:
//   My ranking for the final pick:
//   1. Restaurant C
//   2. Restaurant A
// The option ranked first is proposed. Exact or nothing: every item is one option alone (emphasis allowed), no two
// the same, two items at least; anything else on an item line ("1. Restaurant C (if its service holds)") and
// nothing is read here.

/** A heading of the speaker's ranking: "My ranking:", "Our final ranking for the pick:", "Ranked, best first:". */
const HEADING =
  /^\s*(?:#{1,6}\s*)?(?:\*\*)?(?:my|our)\s+(?:final\s+|current\s+|overall\s+)?(?:ranking|rankings|order of preference|preference order|preferences)\b[^:\d]{0,40}:(?:\*\*)?\s*$/i;
/** A numbered item: "1. X", "2) **X**". */
const ITEM = /^\s*(\d{1,2})[.)]\s+(.+?)\s*$/;

/** The ranked lists' proposals, their lines masked from the sentence reader. */
export function rankingActs(lines: readonly { text: string; start: number }[], out: StructuredActs, names: Names) {
  for (let i = 0; i + 2 < lines.length; i++) {
    if (!HEADING.test((lines[i] as { text: string }).text)) continue;
    let k = i + 1;
    while (k < lines.length && (lines[k] as { text: string }).text.trim() === "") k++;
    const ranked: number[] = [];
    const at = k;
    for (; k < lines.length; k++) {
      const m = ITEM.exec((lines[k] as { text: string }).text);
      if (m === null || Number(m[1]) !== ranked.length + 1) break;
      const option = names.option(foldCell(m[2] as string));
      if (option === undefined || ranked.includes(option)) {
        ranked.length = 0;
        break;
      }
      ranked.push(option);
    }
    if (ranked.length < 2) continue;
    out.acts.push({
      at: (lines[at] as { start: number }).start,
      act: { kind: "propose", option: ranked[0] as number },
    });
    for (let m = i; m < k; m++) out.masked.push(m);
    i = k - 1;
  }
}
