import { InvalidArgumentError } from "@cosir/bayes";
import type { FastifyInstance } from "fastify";

/**
 * JSON bodies only (anything else is fastify's 415). Malformed JSON names the body and where it broke;
 * prototype poisoning is refused by fastify's parser.
 */
export function useJsonBodyParser(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    jsonParser(request, body as string, (error, value) => {
      if (error) {
        let reason = error.message;
        try {
          JSON.parse(body as string);
        } catch (syntax) {
          reason = syntax instanceof Error ? syntax.message : reason;
        }
        done(new InvalidArgumentError("body", body, `expected valid JSON (${reason})`), undefined);
      } else done(null, value);
    });
  });
}
