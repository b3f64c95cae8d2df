import { spentDigest, type SpentLedger } from "./replay-guard";

/** IPC messages of the shared ledger: a worker's claim and the primary's answer. */
export type LedgerMessage =
  | { type: "claim"; n: number; key: string; fingerprint: string }
  | { type: "claimed"; n: number; ok: boolean };

/**
 * A cluster worker's view of the spent-state ledger its primary keeps (startEnvCluster): each claim is one IPC
 * round trip, so a state spent on one worker is refused on every other worker of the machine.
 */
export class ClusterLedger implements SpentLedger {
  private next = 0;
  private readonly pending = new Map<number, (ok: boolean) => void>();

  constructor(private readonly channel: NodeJS.Process = process) {
    channel.on("message", (message: LedgerMessage) => {
      if (message?.type !== "claimed") return;
      this.pending.get(message.n)?.(message.ok);
      this.pending.delete(message.n);
    });
  }

  claim(key: string, fingerprint: string): Promise<boolean> {
    const n = this.next++;
    return new Promise((resolve) => {
      this.pending.set(n, resolve);
      this.channel.send?.({
        type: "claim",
        n,
        key: spentDigest(key),
        fingerprint: spentDigest(fingerprint),
      } satisfies LedgerMessage);
    });
  }
}
