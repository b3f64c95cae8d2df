import { isSpace } from "./is-space";

const LEADING = new Set(['"', "'", "(", "[", "{", "*", "_", "<", "`", "“", "‘", "«"]);
const TRAILING = new Set([".", ",", "!", "?", ";", ":", '"', "'", ")", "]", "}", "*", "_", ">", "`", "”", "’", "»"]);

/**
 * Lower-cased words of natural text: split on white space, surrounding punctuation stripped
 * ("**Restaurant B**," -> "restaurant", "b"); empty words dropped. Linear; at most `maxWords` words.
 */
export function naturalWords(text: string, maxWords = Number.POSITIVE_INFINITY): string[] {
  const words: string[] = [];
  let start = -1;
  const flush = (end: number): void => {
    let s = start;
    let e = end;
    while (s < e && LEADING.has(text[s] as string)) s++;
    while (e > s && TRAILING.has(text[e - 1] as string)) e--;
    if (e > s) words.push(text.slice(s, e).toLowerCase());
    start = -1;
  };
  for (let i = 0; i < text.length && words.length < maxWords; i++) {
    if (isSpace(text.charCodeAt(i))) {
      if (start >= 0) flush(i);
    } else if (start < 0) start = i;
  }
  if (start >= 0 && words.length < maxWords) flush(text.length);
  return words;
}
