import { type ClaimVerdict, type SpentLedger, spentDigest } from "./replay-guard";

/** IPC messages of the shared ledger: a worker's claim and the primary's answer. */
export type LedgerMessage =
  | { type: "claim"; n: number; episode: string; step: number; fingerprint: string; until: number }
  | { type: "claimed"; n: number; ok: ClaimVerdict };

/**
 * A cluster worker's view of the spent-state ledger its primary keeps (startEnvCluster): each claim is one IPC
 * round trip, so a state spent on one worker is refused on every other worker of the machine. Fingerprints
 * cross as digests (a step's text can be 16 K characters).
 */
export class ClusterLedger implements SpentLedger {
  private next = 0;
  private readonly pending = new Map<number, (ok: ClaimVerdict) => void>();

  constructor(private readonly channel: NodeJS.Process = process) {
    channel.on("message", (message: LedgerMessage) => {
      if (message?.type !== "claimed") return;
      this.pending.get(message.n)?.(message.ok);
      this.pending.delete(message.n);
    });
  }

  claim(episode: string, step: number, fingerprint: string, untilMs: number): Promise<ClaimVerdict> {
    const n = this.next++;
    return new Promise((resolve) => {
      this.pending.set(n, resolve);
      this.channel.send?.({
        type: "claim",
        n,
        episode,
        step,
        fingerprint: spentDigest(fingerprint),
        until: untilMs,
      } satisfies LedgerMessage);
    });
  }
}
