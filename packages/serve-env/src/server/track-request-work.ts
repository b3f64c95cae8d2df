import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * An AbortSignal for the work a request started: aborted when its client goes away before the answer is
 * written (the response closes unfinished), or when the server stops waiting for it (`inflight` entries are
 * aborted at the end of a drain). Scoring and planning check it, so a disconnect cancels their work.
 */
export function trackRequestWork(
  request: FastifyRequest,
  reply: FastifyReply,
  inflight: Set<AbortController>,
): AbortSignal {
  const controller = new AbortController();
  inflight.add(controller);
  const res = reply.raw;
  const done = () => {
    inflight.delete(controller);
    if (!res.writableFinished) controller.abort();
  };
  if (res.closed || request.raw.destroyed) done();
  else res.once("close", done);
  return controller.signal;
}
