import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { startEnvServer } from "../server/start-env-server";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const hasPython = spawnSync("python3", ["--version"], { encoding: "utf8" }).status === 0;
if (!hasPython)
  console.warn("[serve-env] python3 not found: SKIPPING the Python adapter tests (integrations/tests); CI runs them");

describe("Python adapters (integrations/) against the live service", () => {
  it.skipIf(!hasPython).each([
    ["in-memory episodes", {}],
    ["stateless (state tokens)", { stateSecret: "python-adapters-secret" }],
  ])("pass `python3 -m unittest` with the service URL in COSIR_SERVE_ENV_URL: %s", async (_, mode) => {
    const server = await startEnvServer({ port: 0, token: "py-token", ...mode });
    try {
      // Async spawn: the service answers on this process's event loop while Python runs.
      const child = spawn("python3", ["-m", "unittest", "discover", "-s", "integrations/tests", "-v"], {
        cwd: root,
        env: {
          ...process.env,
          COSIR_SERVE_ENV_URL: server.url,
          COSIR_SERVE_ENV_TOKEN: "py-token",
          COSIR_SERVE_ENV_STATELESS: "stateSecret" in mode ? "1" : "0",
          PYTHONDONTWRITEBYTECODE: "1",
        },
      });
      let output = "";
      child.stdout.on("data", (c: Buffer) => (output += c.toString()));
      child.stderr.on("data", (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(output).not.toMatch(/skipped/);
      expect(code, output).toBe(0);
      expect(output).toMatch(/Ran \d+ tests/);
    } finally {
      await server.close();
    }
  });
});
