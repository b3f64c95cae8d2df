import { InvalidConfigError } from "@cosir/bayes";

/** `<base>/chat/completions`, where a base URL with no path gets `/v1`. */
export function chatCompletionsUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InvalidConfigError("baseUrl", baseUrl, "expected an http(s) URL such as http://127.0.0.1:8000/v1");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new InvalidConfigError("baseUrl", baseUrl, "expected an http or https URL");
  let path = url.pathname.replace(/\/+$/, "");
  if (path === "") path = "/v1";
  return `${url.origin}${path}/chat/completions`;
}
