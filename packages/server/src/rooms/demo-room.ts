import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_GAME } from '@veiltable/engine/games';
import type { Viewer } from '@veiltable/protocol';
import type { Store } from '../db/store.ts';
import type { Room } from './room.ts';
import type { RoomRegistry } from './room-registry.ts';
import { newLinkKey } from './link-seal.ts';
import { gmLinkKey } from './room-links.ts';
import { addSeat } from './seats.ts';
import { issueToken, reissueToken, resolveToken, roomUrl } from './tokens.ts';

export const DEMO_TITLE = 'Demo table';
export const DEMO_SEATS = ['Aki', 'Bora', 'Chihiro'] as const;

/** A link as remembered in the demo file: the raw token, since the database keeps only its hash. */
type DemoLink = { label: string; viewer: Viewer; token: string };
type DemoFile = { roomId: string; links: DemoLink[] };

/** The demo room's links, and the owner-only file they were written to. */
export type DemoLinks = { roomId: string; links: { label: string; url: string }[]; file: string };

const GM: Viewer = { role: 'gm' };

/**
 * The demo room: created on first start with three seats and a standard deck, reused on later starts.
 * Its raw link tokens live in DATA_DIR/demo-room.json (owner-only) so the same links keep working after a restart;
 * a link the GM re-issued meanwhile is re-issued again here so every link opens. The links themselves are written
 * to DATA_DIR/demo-links.txt, readable only by the user the server runs as.
 */
export async function ensureDemoRoom(opts: { store: Store; rooms: RoomRegistry; dataDir: string; publicUrl: string }): Promise<DemoLinks> {
  const file = join(opts.dataDir, 'demo-room.json');
  const saved = await readDemoFile(file);
  const room = saved ? await opts.rooms.get(saved.roomId) : undefined;
  let demo: DemoFile;
  if (saved && room) {
    demo = { roomId: saved.roomId, links: await refreshLinks(opts.store, saved) };
  } else {
    demo = await createDemo(opts.store, opts.rooms);
  }
  await mkdir(opts.dataDir, { recursive: true, mode: 0o700 });
  await writeOwnerOnly(file, JSON.stringify(demo, null, 2));
  const links: DemoLinks = {
    roomId: demo.roomId,
    links: demo.links.map((l) => ({ label: l.label, url: roomUrl(opts.publicUrl, demo.roomId, l.token) })),
    file: join(opts.dataDir, 'demo-links.txt'),
  };
  await writeOwnerOnly(links.file, `${formatDemoLinks(links)}\n`);
  return links;
}

/** Replaces a file with `text`, mode 0600 even if a leftover temporary file had another mode. */
async function writeOwnerOnly(file: string, text: string): Promise<void> {
  await writeFile(`${file}.tmp`, text, { mode: 0o600 });
  await chmod(`${file}.tmp`, 0o600);
  await rename(`${file}.tmp`, file);
}

async function createDemo(store: Store, rooms: RoomRegistry): Promise<DemoFile> {
  const room = await rooms.create({ title: DEMO_TITLE, game: DEFAULT_GAME });
  const linkKey = newLinkKey();
  const links: DemoLink[] = [{ label: 'GM', viewer: GM, token: await issueToken(store, room.id, GM, linkKey) }];
  for (const name of DEMO_SEATS) {
    const seat = await addSeat(room, name);
    if (!seat.ok) throw new Error(`demo: adding ${name} failed: ${seat.error.code}`);
    const viewer: Viewer = { role: 'player', seat: seat.value.seat };
    links.push({ label: `Player ${name}`, viewer, token: await issueToken(store, room.id, viewer, linkKey) });
  }
  const spectator: Viewer = { role: 'spectator' };
  links.push({ label: 'Spectator', viewer: spectator, token: await issueToken(store, room.id, spectator, linkKey) });
  await submitOrThrow(room, { type: 'deck.create', deck: { kind: 'standard', jokers: false } });
  return { roomId: room.id, links };
}

async function refreshLinks(store: Store, saved: DemoFile): Promise<DemoLink[]> {
  const live = async (link: DemoLink) => {
    const resolved = await resolveToken(store, link.token);
    return resolved.ok && resolved.value.roomId === saved.roomId;
  };
  // The GM's link opens the room's link key. A GM link re-issued elsewhere took that key along: the links made
  // again here get a fresh one, which the GM link made again here wraps.
  const gm = saved.links.find((l) => l.viewer.role === 'gm');
  const linkKey = gm && (await live(gm)) ? await gmLinkKey(store, saved.roomId, gm.token) : newLinkKey();
  const out: DemoLink[] = [];
  for (const link of saved.links) {
    out.push((await live(link)) ? link : { ...link, token: await reissueToken(store, saved.roomId, link.viewer, linkKey) });
  }
  return out;
}

async function submitOrThrow(room: Room, command: unknown): Promise<void> {
  const r = await room.submit(command, GM);
  if (!r.ok) throw new Error(`demo: ${JSON.stringify(command)} refused: ${r.error.code}`);
}

/** The saved demo, or undefined when there is none or it cannot be read (a fresh demo is then made). */
async function readDemoFile(file: string): Promise<DemoFile | undefined> {
  try {
    const data = JSON.parse(await readFile(file, 'utf8')) as Partial<DemoFile>;
    if (typeof data.roomId !== 'string' || !Array.isArray(data.links)) return undefined;
    const links = data.links.filter(
      (l): l is DemoLink => typeof l?.label === 'string' && typeof l.token === 'string' && typeof l.viewer?.role === 'string',
    );
    return links.length === data.links.length ? { roomId: data.roomId, links } : undefined;
  } catch {
    return undefined;
  }
}

/** The demo links as a block of text for the console. */
export function formatDemoLinks(demo: Omit<DemoLinks, 'file'>): string {
  const width = Math.max(...demo.links.map((l) => l.label.length));
  const lines = demo.links.map((l) => `  ${l.label.padEnd(width)}  ${l.url}`);
  return [`Demo table (room ${demo.roomId}):`, ...lines].join('\n');
}
