/**
 * The phone's outbox of scores (issue 29): every stroke entered on the scorecard is stored here first
 * (IndexedDB in the browser, `idb-score-storage.ts`) and sent when there is a connection. An entry leaves
 * the queue only after the server answered 2xx for exactly that value; a newer value for the same hole
 * replaces an older one (the server ignores an older `enteredAt` anyway, so a repeated send changes
 * nothing); an answer that will never change (final results, no right to enter) is kept as rejected and
 * shown, never retried.
 */

/** One hole's value waiting to be sent. */
export interface QueuedScore {
  /** `${eventId}:${userId}:${hole}`: one entry per hole, the newest value wins. */
  key: string;
  eventId: number;
  userId: string;
  hole: number;
  /** 1-15, or null for a picked-up hole ('Struken'). */
  strokes: number | null;
  /** When the scorer entered it (ISO), sent to the server. */
  enteredAt: string;
  /** The server refused it for good (final results, forbidden): its Swedish message; not retried. */
  rejected: string | null;
}

/** Where the queue keeps its entries (IndexedDB in the browser, a Map in tests). */
export interface ScoreStorage {
  all(): Promise<QueuedScore[]>;
  put(entry: QueuedScore): Promise<void>;
  /** Removes the entry only while it still holds this `enteredAt` (a newer value entered meanwhile stays). */
  removeIf(key: string, enteredAt: string): Promise<void>;
}

/** What sending one player's holes answered: ok, a refusal for good (message), or try again later. */
export type SendResult = { kind: 'ok' } | { kind: 'rejected'; message: string } | { kind: 'retry' };

/** Sends one player's holes (PUT /api/events/{id}/scores/{userId}). */
export type SendScores = (
  eventId: number,
  userId: string,
  holes: { hole: number; strokes: number | null; enteredAt: string }[],
) => Promise<SendResult>;

export const queueKey = (eventId: number, userId: string, hole: number) => `${eventId}:${userId}:${hole}`;

/**
 * Whether an HTTP status means the same request will never succeed: 4xx other than 401 (log in again),
 * 408 (timeout) and 429 (too many), e.g. 403 (not in the group, results final) or 409/422.
 */
export function isFinalRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

/** The queue over a storage, with listeners for the scorecard's 'Sparat på telefonen' note. */
export class ScoreQueue {
  private entries: QueuedScore[] = [];
  private loaded: Promise<void> | null = null;
  private isLoaded = false;
  private flushing: Promise<void> | null = null;
  private again = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly storage: ScoreStorage,
    private readonly send: SendScores,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Reads what an earlier page left (once). */
  load(): Promise<void> {
    this.loaded ??= this.storage.all().then((all) => {
      this.entries = all;
      this.isLoaded = true;
      this.emit();
    });
    return this.loaded;
  }

  /** The entries now (for rendering; a new array after each change). */
  snapshot(): readonly QueuedScore[] {
    return this.entries;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Takes a value for a hole (replacing the hole's waiting one), stores it, then tries to send. The
   * snapshot holds the value at once, before the storage answers: a second tap on '+' reads the first
   * one's value, never the value before it (quick taps on a slow phone were lost).
   */
  async enter(eventId: number, userId: string, hole: number, strokes: number | null): Promise<void> {
    if (!this.isLoaded) await this.load();
    const entry: QueuedScore = {
      key: queueKey(eventId, userId, hole),
      eventId,
      userId,
      hole,
      strokes,
      enteredAt: this.nextStamp(queueKey(eventId, userId, hole)),
      rejected: null,
    };
    this.entries = [...this.entries.filter((e) => e.key !== entry.key), entry];
    this.emit();
    await this.storage.put(entry);
    void this.flush();
  }

  /** Forgets refused entries of an event (the member read the message; the server's value stands). */
  async dismissRejected(eventId: number): Promise<void> {
    await this.load();
    for (const e of this.entries.filter((x) => x.eventId === eventId && x.rejected))
      await this.storage.removeIf(e.key, e.enteredAt);
    this.entries = this.entries.filter((x) => !(x.eventId === eventId && x.rejected));
    this.emit();
  }

  /**
   * Sends every waiting entry, one request per player, and removes what the server took. Runs once at
   * a time; a call while sending runs another round afterwards (values entered meanwhile).
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.again = false;
          await this.load();
          await this.sendRound();
        } while (this.again);
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  private async sendRound(): Promise<void> {
    const byPlayer = new Map<string, QueuedScore[]>();
    for (const e of this.entries) {
      if (e.rejected) continue;
      const k = `${e.eventId}:${e.userId}`;
      byPlayer.set(k, [...(byPlayer.get(k) ?? []), e]);
    }
    for (const batch of byPlayer.values()) {
      const { eventId, userId } = batch[0] as QueuedScore;
      const holes = batch
        .map(({ hole, strokes, enteredAt }) => ({ hole, strokes, enteredAt }))
        .sort((a, b) => a.hole - b.hole);
      let result: SendResult;
      try {
        result = await this.send(eventId, userId, holes);
      } catch {
        result = { kind: 'retry' };
      }
      if (result.kind === 'retry') return; // offline or the server is down: the next trigger tries again
      for (const sent of batch) {
        const current = this.entries.find((e) => e.key === sent.key);
        // A newer value entered while this one was on its way stays queued.
        if (!current || current.enteredAt !== sent.enteredAt) continue;
        if (result.kind === 'ok') {
          await this.storage.removeIf(sent.key, sent.enteredAt);
          this.entries = this.entries.filter((e) => e !== current);
        } else {
          const rejected = { ...current, rejected: result.message };
          await this.storage.put(rejected);
          this.entries = this.entries.map((e) => (e === current ? rejected : e));
        }
      }
      this.emit();
    }
  }

  /** Now as ISO, and always later than the hole's waiting value (two taps in one millisecond). */
  private nextStamp(key: string): string {
    const now = this.now().getTime();
    const prev = this.entries.find((e) => e.key === key);
    const prevTime = prev ? Date.parse(prev.enteredAt) : Number.NEGATIVE_INFINITY;
    return new Date(Math.max(now, prevTime + 1)).toISOString();
  }

  private emit() {
    for (const l of this.listeners) l();
  }
}

/** A storage in memory (tests, and the fallback where IndexedDB is missing). */
export function memoryScoreStorage(
  initial: QueuedScore[] = [],
): ScoreStorage & { data: Map<string, QueuedScore> } {
  const data = new Map(initial.map((e) => [e.key, e]));
  return {
    data,
    all: async () => [...data.values()],
    put: async (entry) => {
      data.set(entry.key, { ...entry });
    },
    removeIf: async (key, enteredAt) => {
      if (data.get(key)?.enteredAt === enteredAt) data.delete(key);
    },
  };
}
