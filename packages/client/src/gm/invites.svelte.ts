import type { LinkResponse, RoomLinksResponse } from '@veiltable/protocol';
import { absoluteLink } from '../shell/route.ts';
import { addSeat, listLinks, reissueSeat, reissueSpectator } from './links-api.ts';

/** A link as the GM shares it: absolute, on this page's origin when the server gave a relative one. */
const shown = (link: LinkResponse | null, origin: string): string | null => (link ? absoluteLink(link.url, origin) : null);

/**
 * The room's links as the server keeps them for the GM: read with the GM's token, so any of the GM's devices shows
 * the same ones. A seat's entry is its link, or null when the server cannot show it again; a seat without an entry
 * has not been read yet (it was added since, perhaps on another device).
 */
export class Invites {
  seats = $state<Record<string, string | null>>({});
  spectator = $state<string | null>(null);
  loaded = $state(false);
  /** A code to translate (a refusal or NETWORK), or null. */
  error = $state<string | null>(null);
  /** While seats are being added: how many of how many. */
  progress = $state<{ done: number; total: number } | null>(null);
  private loading: Promise<void> | null = null;
  /** Counts the links made on this device, so a list read before one of them is not taken for current. */
  private changes = 0;

  constructor(
    private readonly roomId: string,
    private readonly gmToken: string,
    private readonly origin: string,
  ) {}

  /** Reads every current link; calls made while one read is under way share it. */
  load(): Promise<void> {
    this.loading ??= this.read().finally(() => (this.loading = null));
    return this.loading;
  }

  private async read(): Promise<void> {
    // A link made here while the list was on its way may be missing from it, or replaced in it: read again.
    for (;;) {
      const before = this.changes;
      const res = await listLinks(this.roomId, this.gmToken);
      if (!res.ok) return void (this.error = res.code);
      if (this.changes === before) return this.take(res.value);
    }
  }

  private take(links: RoomLinksResponse): void {
    this.seats = Object.fromEntries(links.seats.map((s) => [s.seat, shown(s.link, this.origin)]));
    this.spectator = shown(links.spectator, this.origin);
    this.loaded = true;
  }

  /** Adds seats one after another (each is one command of the room); stops at the first refusal. */
  async add(names: readonly string[]): Promise<boolean> {
    if (this.progress) return false;
    this.error = null;
    this.progress = { done: 0, total: names.length };
    try {
      for (const [i, name] of names.entries()) {
        const res = await addSeat(this.roomId, this.gmToken, name);
        if (!res.ok) {
          this.error = res.code;
          return false;
        }
        this.changes++;
        this.seats = { ...this.seats, [res.value.seat]: absoluteLink(res.value.url, this.origin) };
        this.progress = { done: i + 1, total: names.length };
      }
      return true;
    } finally {
      this.progress = null;
    }
  }

  /** A new link for a seat: the old one stops working. */
  async reissue(seat: string): Promise<void> {
    const res = await reissueSeat(this.roomId, this.gmToken, seat);
    if (!res.ok) return void (this.error = res.code);
    this.changes++;
    this.seats = { ...this.seats, [seat]: absoluteLink(res.value.url, this.origin) };
  }

  /** A new spectator link: the old one stops working. */
  async reissueSpectator(): Promise<void> {
    const res = await reissueSpectator(this.roomId, this.gmToken);
    if (!res.ok) return void (this.error = res.code);
    this.changes++;
    this.spectator = absoluteLink(res.value.url, this.origin);
  }
}
