import type { CliIo } from "../cli-io";

/**
 * Progress on stderr: on a terminal one bar redrawn in place; otherwise (CI, pipes, tests) plain lines,
 * one per tenth of the work and the last one.
 */
export function progressReporter(io: CliIo, label: string): (done: number, total: number) => void {
  const tty = (io.stderr as { isTTY?: boolean }).isTTY === true;
  let lastTenth = -1;
  return (done, total) => {
    const width = 20;
    const filled = total === 0 ? width : Math.round((width * done) / total);
    const text = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(done).padStart(String(total).length)}/${total} ${label}`;
    if (tty) {
      io.stderr.write(`\r${text}${done >= total ? "\n" : ""}`);
      return;
    }
    const tenth = total === 0 ? 10 : Math.floor((10 * done) / total);
    if (tenth !== lastTenth || done >= total) {
      lastTenth = tenth;
      io.stderr.write(`${text}\n`);
    }
  };
}
