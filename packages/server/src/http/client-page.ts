import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a pasted link's preview shows (`<title>`, Open Graph and Twitter card tags). */
export type PageMeta = { title: string; description: string };

/** The built client's folder, its index.html read once, and the CSP hashes of that page's inline parts. */
export type ClientPage = { dir: string; template: string; scriptHashes: string[]; styleHashes: string[] };

/** A link to no room the server knows, or to the home page. */
export const GENERIC_META: PageMeta = {
  title: 'Veiltable',
  description: '모든 비밀은 서버가 지키는 테이블 · すべての秘密をサーバーが守るテーブル · A table where the server keeps every secret.',
};

/** A room's preview: its title, which everyone in the room sees, and nothing of any link or seat. */
export function roomMeta(title: string): PageMeta {
  return { title, description: 'Veiltable · 테이블에 초대되었습니다 · 卓への招待 · You are invited to a table.' };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an HTML element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const TITLE = /<title>[^<]*<\/title>/;

/** `'sha256-…'` of every inline `<tag>` body (a `<script src>` has none), as CSP3 hashes them: the exact text. */
export function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const bodies = [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))]
    .filter((m) => !/\ssrc=/.test(m[1] ?? '') && (m[2] ?? '').length > 0)
    .map((m) => m[2]!);
  return bodies.map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
}

/**
 * Reads the built client's index.html, or nothing when `clientDir` holds none (the client is not built). The page
 * must have a `<title>` for the preview tags to take its place.
 */
export function readClientPage(clientDir: string | undefined): ClientPage | undefined {
  if (clientDir === undefined) return undefined;
  const index = join(clientDir, 'index.html');
  if (!existsSync(index)) return undefined;
  const template = readFileSync(index, 'utf8');
  if (!TITLE.test(template)) throw new Error(`${index} has no <title> for the preview tags`);
  return { dir: clientDir, template, scriptHashes: inlineHashes(template, 'script'), styleHashes: inlineHashes(template, 'style') };
}

/** index.html with `meta` as its title and its link preview tags. */
export function renderPage(template: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const pageTitle = meta.title === GENERIC_META.title ? title : `${title} · Veiltable`;
  const tags = [
    `<title>${pageTitle}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Veiltable" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ];
  // A function, so a `$` in a title is never read as a replacement pattern.
  return template.replace(TITLE, () => tags.join('\n    '));
}
