import type { Writable } from "node:stream";

export interface ProgressOptions {
  /** Where progress goes (stderr by default). */
  stream: Writable & { isTTY?: boolean; columns?: number };
  quiet?: boolean;
  /** Force plain lines even on a TTY (CI). */
  plain?: boolean;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "--:--";
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  const h = Math.floor(m / 60);
  return h > 0
    ? `${h}h${String(m % 60).padStart(2, "0")}m`
    : `${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Progress of a long phase: a redrawn bar with ETA on a TTY, one plain line per update otherwise
 * (CI logs), nothing with `quiet`.
 */
export class Progress {
  private readonly start = Date.now();
  private readonly tty: boolean;
  private lastPlain = 0;

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly options: ProgressOptions,
  ) {
    this.tty = options.stream.isTTY === true && options.plain !== true && process.env.CI === undefined;
  }

  update(done: number, detail = ""): void {
    if (this.options.quiet) return;
    const elapsed = (Date.now() - this.start) / 1000;
    const fraction = this.total > 0 ? Math.min(1, done / this.total) : 1;
    const eta = done > 0 ? (elapsed / done) * (this.total - done) : Number.NaN;
    if (this.tty) {
      const width = 24;
      const filled = Math.round(fraction * width);
      const bar = `${"#".repeat(filled)}${"-".repeat(width - filled)}`;
      const line = `${this.label} [${bar}] ${done}/${this.total} ${duration(elapsed)} eta ${duration(eta)} ${detail}`;
      const columns = this.options.stream.columns ?? 120;
      this.options.stream.write(`\r${line.slice(0, columns - 1).padEnd(Math.min(columns - 1, line.length))}\x1b[K`);
      if (done >= this.total) this.options.stream.write("\n");
    } else if (done >= this.total || Date.now() - this.lastPlain >= 2000 || done === 1) {
      this.lastPlain = Date.now();
      this.options.stream.write(
        `${this.label} ${done}/${this.total} elapsed ${duration(elapsed)} eta ${duration(eta)} ${detail}\n`,
      );
    }
  }

  log(line: string): void {
    if (this.options.quiet) return;
    this.options.stream.write(this.tty ? `\r\x1b[K${line}\n` : `${line}\n`);
  }
}
