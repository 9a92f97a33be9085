import type { LogLine } from '@veiltable/protocol';
import { portraitUrl } from '../../ui/characters/cast.ts';
import { kindOf } from '../../ui/timeline/line-kinds.ts';

/** Portraits inlined per page at most: a cast is a handful, and each is a small resized image. */
const MOST = 64;

/** The portraits the lines show, by hash: only faces this viewer was sent, so only images it may see. */
export function portraitHashes(lines: readonly LogLine[]): string[] {
  const hashes = new Set<string>();
  for (const line of lines) {
    const read = kindOf(line);
    const portrait = read.kind === 'event' ? undefined : read.item.speaker?.portrait;
    if (portrait !== undefined) hashes.add(portrait);
  }
  return [...hashes].slice(0, MOST);
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * Each portrait as a data URL, so the page shows them offline; one that cannot be fetched is left out (the page then
 * links the table's own address for it).
 */
export async function inlinePortraits(hashes: readonly string[], fetcher: typeof fetch = fetch): Promise<Map<string, string>> {
  const inlined = new Map<string, string>();
  await Promise.all(
    hashes.map(async (hash) => {
      try {
        const res = await fetcher(portraitUrl(hash));
        if (res.ok) inlined.set(hash, await dataUrl(await res.blob()));
      } catch {
        // Left as the table's URL.
      }
    }),
  );
  return inlined;
}
