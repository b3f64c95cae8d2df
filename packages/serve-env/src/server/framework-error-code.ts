/**
 * Our name for an error fastify raised before a route ran (clients see our vocabulary, never the framework's
 * `FST_ERR_*` names, which change with its versions).
 */
export function frameworkErrorCode(statusCode: number, code: string | undefined): string {
  if (statusCode === 413) return "body_too_large";
  if (statusCode === 415) return "unsupported_media_type";
  switch (code) {
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "empty_body";
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "bad_content_length";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "invalid_json";
    default:
      return statusCode === 408 ? "request_timeout" : "bad_request";
  }
}
