export interface HttpResult {
  status: number;
  body: any;
  ms: number;
}

/** A small loopback JSON client (keep-alive, bounded sockets) for the load tests and `pnpm bench`. */
export function httpClient(
  baseUrl: string,
  maxSockets?: number,
): {
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<HttpResult>;
  close(): void;
};
