import type { Params } from '../../shell/i18n/translate.ts';
import type { MessageKey } from '../../shell/i18n/keys.ts';
import type { LineContext } from '../../ui/timeline/line-renderers.ts';
import { TABS } from '../../ui/timeline/line-kinds.ts';
import { exportHtml } from './export-html.ts';
import type { ExportTimeline, Progress } from './export-stream.ts';
import { exportUrl, fetchExport } from './export-stream.ts';
import { htmlLines } from './html-lines.ts';
import { inlinePortraits, portraitHashes } from './inline-portraits.ts';

export type ExportKind = 'html' | 'json';

/** A file to save, or the code of what went wrong. */
export type ExportFile = { ok: true; name: string; blob: Blob } | { ok: false; code: string };

/** What an export is made with: the room, this page's token and language, and the timeline's line context. */
export type ExportInput = {
  roomId: string;
  game: string;
  token: string;
  lang: string;
  /** This device's time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
  tz: string;
  /** Who is exporting, as the caption names them. */
  viewerName: string;
  ctx: LineContext & { t: (key: MessageKey, params?: Params) => string };
};

/** This device's time zone, as the export route takes it. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The file's name: the server's (Content-Disposition), with the HTML page's extension for the page. */
export function fileName(doc: ExportTimeline, kind: ExportKind, disposition: string | null): string {
  const written = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  const name = written ? decodeURIComponent(written) : `veiltable-${doc.room.id}.json`;
  return kind === 'json' ? name : name.replace(/\.json$/, '.html');
}

/** The page of an export, in the reader's language, times in its zone, built with the timeline's sentences. */
export async function pageOf(doc: ExportTimeline, input: ExportInput): Promise<string> {
  const { t } = input.ctx;
  const portraits = await inlinePortraits(portraitHashes(doc.lines));
  const lines = htmlLines(doc.lines, { ...input.ctx, game: input.game, lang: input.lang, tz: doc.tz, portraits });
  const date = new Intl.DateTimeFormat(input.lang, { timeZone: doc.tz, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(doc.exportedAt));
  const tabs = Object.fromEntries(TABS.map((tab) => [tab, t(`tl.tab.${tab}`)])) as Record<(typeof TABS)[number], string>;
  return exportHtml({ lang: input.lang, title: doc.room.title, caption: doc.open ? t('export.captionOpen', { date, tz: doc.tz }) : t('export.caption', { name: input.viewerName, date, tz: doc.tz }), tabs, lines });
}

/** Fetches this viewer's export and makes the file asked for: the JSON as the server sent it, or the HTML page. */
export async function exportFile(input: ExportInput, kind: ExportKind, onProgress: Progress): Promise<ExportFile> {
  let disposition: string | null = null;
  const fetcher: typeof fetch = async (url, init) => {
    const res = await fetch(url, init);
    disposition = res.headers.get('content-disposition');
    return res;
  };
  const got = await fetchExport(exportUrl(input.roomId, input.lang, input.tz), input.token, onProgress, fetcher);
  if (!got.ok) return got;
  const name = fileName(got.doc, kind, disposition);
  if (kind === 'json') return { ok: true, name, blob: new Blob([got.text], { type: 'application/json' }) };
  return { ok: true, name, blob: new Blob([await pageOf(got.doc, input)], { type: 'text/html' }) };
}

/** Hands a file to the browser's downloads. */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
