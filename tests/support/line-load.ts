import { RecordingClient } from './recording-client.ts';

// The client side of the load tests, kept to three operations so a change of the wire protocol touches this file
// only: connect a socket, send one line and learn its outcome, and see a fresh socket welcomed.

/** What became of one line: acknowledged at a seq, refused with a code, or no answer in time (TEST_TIMEOUT). */
export type LineOutcome = { text: string; ok: true; seq: number } | { text: string; ok: false; code: string };

/** A connected socket that sends chat lines to its room, one at a time. */
export class LineSender {
  readonly outcomes: LineOutcome[] = [];
  private readonly client: RecordingClient;

  private constructor(client: RecordingClient) {
    this.client = client;
  }

  /** Connects with a link token and waits for the welcome. */
  static async open(baseUrl: string, token: string, label: string): Promise<LineSender> {
    const client = new RecordingClient(baseUrl, token, label);
    await client.connect();
    return new LineSender(client);
  }

  /** Sends one line to everyone in the room; resolves with its outcome (the client gives up after 15 s). */
  async send(text: string): Promise<LineOutcome> {
    const outcome = await this.client.send({ type: 'chat.send', to: { kind: 'all' }, text });
    const recorded: LineOutcome = outcome.ok ? { text, ok: true, seq: outcome.seq } : { text, ok: false, code: outcome.code };
    this.outcomes.push(recorded);
    return recorded;
  }

  close(): void {
    this.client.close();
  }
}

/** Connects a new socket with `token` and resolves with the seq of its welcome; rejects when none comes in time. */
export async function freshWelcome(baseUrl: string, token: string, label: string, timeoutMs: number): Promise<number> {
  const client = new RecordingClient(baseUrl, token, label);
  try {
    const before = client.welcomes;
    client.socket.connect();
    await client.waitFor(() => client.welcomes > before, `${label}: a welcome`, timeoutMs);
    return client.lastSeq ?? -1;
  } finally {
    client.close();
  }
}
