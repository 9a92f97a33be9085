import type { Page } from 'playwright-core';
import type { FrameSource } from './secret-audit.ts';

/** Every frame a page's sockets received, as sent (`42["m",{…}]`), page reloads included. */
export function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => frames.push(String(payload))));
  return frames;
}

/** What a page got over HTTP: each URL it asked for, and the text of each response that is text. */
export type HttpRecord = { texts: string[]; settled: () => Promise<void> };

const TEXT = /json|text|javascript|xml|css/i;

/**
 * Records a page's HTTP traffic, reloads included. Socket.IO's first requests poll over HTTP before the WebSocket
 * takes over, so messages reach a page this way too. Call `settled` before closing the page: bodies are read after.
 */
export function recordHttp(page: Page): HttpRecord {
  const texts: string[] = [];
  const reading: Promise<void>[] = [];
  page.on('request', (r) => void texts.push(r.url()));
  page.on('response', (r) => {
    if (!TEXT.test(r.headers()['content-type'] ?? '')) return;
    // A redirect or a response of a page gone since has no body to read.
    reading.push(r.text().then((t) => void texts.push(t), () => {}));
  });
  return { texts, settled: async () => void (await Promise.all(reading)) };
}

/**
 * Texts a page received as the audit reads a socket's frames. A page keeps no seq, so every text counts as before
 * any reveal: audit pages only for plants that are never revealed.
 */
export function frameSource(label: string, texts: readonly string[]): FrameSource {
  return { label, frames: texts.map((text) => ({ seq: 0, text })) };
}
