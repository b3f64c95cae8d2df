/** The response part of an OpenRLHF query: the query minus its prompt when the query starts with it. */
export function responseOf(query: string, prompt: string | undefined): string {
  if (prompt !== undefined && prompt !== "" && query.startsWith(prompt)) return query.slice(prompt.length);
  return query;
}
