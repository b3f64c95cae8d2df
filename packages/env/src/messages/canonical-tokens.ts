import { isSpace } from "./is-space";

/** Splits canonical text into words on white space, with ";" always a word of its own. Linear. */
export function canonicalTokens(text: string, maxTokens: number): string[] | null {
  const tokens: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isSpace(code) || code === 59 /* ; */) {
      if (start >= 0) {
        tokens.push(text.slice(start, i));
        start = -1;
      }
      if (code === 59) tokens.push(";");
      if (tokens.length > maxTokens) return null;
    } else if (start < 0) start = i;
  }
  if (start >= 0) tokens.push(text.slice(start));
  return tokens.length > maxTokens ? null : tokens;
}

const OPTION = /^[oO](0|[1-9][0-9]{0,5})$/;
const ATTRIBUTE = /^[aA](0|[1-9][0-9]{0,5})$/;
const AGENT = /^@(0|[1-9][0-9]{0,5})$/;
const INTEGER = /^(0|-?[1-9][0-9]{0,8})$/;

function indexed(re: RegExp, token: string | undefined): number | null {
  if (token === undefined || token.length > 10) return null;
  const m = re.exec(token);
  return m === null ? null : Number(m[1]);
}

export const canonicalWord = {
  option: (t: string | undefined) => indexed(OPTION, t),
  attribute: (t: string | undefined) => indexed(ATTRIBUTE, t),
  agent: (t: string | undefined) => indexed(AGENT, t),
  integer(t: string | undefined): number | null {
    if (t === undefined || t.length > 11 || !INTEGER.test(t)) return null;
    return Number(t);
  },
};
