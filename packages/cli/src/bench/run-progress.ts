import type { CliIo } from "../cli-io";

/** A run's progress on stderr: `update` after each call, `stop` when the run is over. */
export interface RunProgress {
  update(done: number, total: number, failed: number): void;
  stop(): void;
}

export interface RunProgressOptions {
  /** Milliseconds since some fixed point; default Date.now. */
  now?: () => number;
  /** A log-mode line at least this often (ms) while the run lasts; default 30000. */
  everyMs?: number;
  /** Timer functions (tests pass fakes); default the global ones. */
  setInterval?: (f: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/** "1 h 02 min", "4 min 05 s", "12 s": a duration as people read it. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

/**
 * Progress of a long run (HiddenBench) on stderr: a 20-wide bar, calls done of planned, the label,
 * elapsed time, ETA (from the pace so far) and failed calls. On a terminal one line redrawn in place;
 * otherwise (CI, pipes, logs) plain lines, one per tenth of the work, the last one, and at least one
 * every `everyMs` (30 s) while the run lasts, so a slow run shows it is alive.
 */
export function runProgress(io: CliIo, label: string, o: RunProgressOptions = {}): RunProgress {
  const now = o.now ?? Date.now;
  const everyMs = o.everyMs ?? 30_000;
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  const started = now();
  let state = { done: 0, total: 0, failed: 0 };
  let lastTenth = -1;
  let lastLine = started;
  const text = (): string => {
    const { done, total, failed } = state;
    const width = 20;
    const filled = total === 0 ? width : Math.min(width, Math.round((width * done) / total));
    const elapsed = now() - started;
    const eta = done > 0 && total > done ? `, ETA ${formatDuration((elapsed / done) * (total - done))}` : "";
    return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(done).padStart(String(total).length)}/${total} ${label}, ${formatDuration(elapsed)} elapsed${eta}, ${failed} failed call${failed === 1 ? "" : "s"}`;
  };
  const line = (): void => {
    lastLine = now();
    io.stderr.write(`${text()}\n`);
  };
  const setI = o.setInterval ?? ((f: () => void, ms: number) => setInterval(f, ms).unref());
  const clearI = o.clearInterval ?? ((h: unknown) => clearInterval(h as ReturnType<typeof setInterval>));
  const timer = tty
    ? undefined
    : setI(
        () => {
          if (now() - lastLine >= everyMs) line();
        },
        Math.max(1, Math.floor(everyMs / 3)),
      );
  return {
    update(done, total, failed) {
      state = { done, total, failed };
      if (tty) {
        io.stderr.write(`\r${text()}${done >= total ? "\n" : ""}`);
        return;
      }
      const tenth = total === 0 ? 10 : Math.floor((10 * done) / total);
      if (tenth !== lastTenth || done >= total || now() - lastLine >= everyMs) {
        lastTenth = tenth;
        line();
      }
    },
    stop() {
      if (timer !== undefined) clearI(timer);
    },
  };
}
