import type { Tab } from '../../ui/timeline/line-kinds.ts';
import { TABS } from '../../ui/timeline/line-kinds.ts';

/** One line of the page, its words already in the reader's language and its time in the reader's zone. */
export type HtmlLine = {
  seq: number;
  kind: 'chat' | 'roll' | 'event';
  channel: 'main' | 'other';
  whisper: boolean;
  /** The time as shown, and as ISO for the `datetime` attribute. */
  time: string;
  iso: string;
  /** Who speaks: a name, its colour, a portrait (a data URL, or the viewer's own URL when it could not be inlined). */
  who?: { name: string; color?: string; portrait?: string };
  /** To whom, for a whisper: "to the GM", "to Ann". */
  to?: string;
  text: string;
  /** A roll's verdict in words, good or bad. */
  verdict?: { label: string; good: boolean };
};

/** Everything the page says, in the reader's language. */
export type HtmlPage = { lang: string; title: string; caption: string; tabs: Record<Tab, string>; lines: readonly HtmlLine[] };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text or an attribute value, escaped: everything on the page came from the players. */
export const esc = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A colour as CSS may take it from a player: a hex colour, or nothing. */
const cssColor = (color: string | undefined): string | null => (color !== undefined && /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : null);
/** A portrait source the page may show: an inlined image, or the table's own portrait route. */
const imgSource = (src: string | undefined): string | null =>
  src !== undefined && (/^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/.test(src) || /^(https?:\/\/[^"'<>\s]+)?\/api\/portraits\/[0-9a-f]{64}$/.test(src)) ? src : null;

function lineHtml(l: HtmlLine): string {
  const classes = ['line', l.kind, l.channel, ...(l.whisper ? ['whisper'] : [])].join(' ');
  const parts: string[] = [`<time datetime="${esc(l.iso)}">${esc(l.time)}</time><div class="body">`];
  if (l.who) {
    const src = imgSource(l.who.portrait);
    const color = cssColor(l.who.color);
    parts.push(`<span class="who">${src ? `<img src="${esc(src)}" alt="" width="28" height="28">` : ''}<b${color ? ` style="color:${color}"` : ''}>${esc(l.who.name)}</b></span>`);
  }
  if (l.to) parts.push(`<span class="to">${esc(l.to)}</span>`);
  parts.push(`<span class="text">${esc(l.text)}</span>`);
  if (l.verdict) parts.push(`<span class="verdict ${l.verdict.good ? 'good' : 'bad'}">${esc(l.verdict.label)}</span>`);
  parts.push('</div>');
  return `<li class="${classes}" data-seq="${l.seq}">${parts.join('')}</li>`;
}

/** The tabs work with CSS alone (one radio per tab): the file is read offline, in any browser, with no script. */
const TAB_RULES = [
  '#tab-main:checked~ol li:not(.main){display:none}',
  '#tab-other:checked~ol li:not(.other){display:none}',
  '#tab-whisper:checked~ol li:not(.whisper){display:none}',
  ...TABS.map((t) => `#tab-${t}:checked~nav label[for=tab-${t}]{background:#3b2d55;border-color:#c9a3ff}`),
].join('');

/** Styled like the table (ui/kit.css's colours), one column, readable from a 320 px phone up. */
const STYLE = `*{box-sizing:border-box}body{margin:0;background:#15141b;color:#ece9f4;font:15px/1.5 system-ui,-apple-system,'Segoe UI','Noto Sans KR','Noto Sans JP','Hiragino Sans',sans-serif}
main{max-width:46rem;margin:0 auto;padding:.75rem}h1{font-size:1.2rem;margin:.2rem 0}p.caption{color:#a29dae;font-size:.8rem;margin:0 0 .6rem}
input[name=tab]{position:absolute;opacity:0}nav{display:flex;gap:.25rem;overflow-x:auto;position:sticky;top:0;background:#15141b;padding:.3rem 0}
nav label{flex:1 0 auto;text-align:center;padding:.35rem .6rem;border:1px solid #3a3648;border-radius:.55rem;cursor:pointer;font-size:.9rem}
ol{list-style:none;margin:.4rem 0;padding:0}li.line{display:grid;grid-template-columns:auto 1fr;gap:.5rem;align-items:baseline;padding:.3rem .45rem;border-radius:.55rem;overflow-wrap:anywhere}
li.whisper{background:#2d2740}li.other{border-left:3px solid #3a3648}time{font-size:.72rem;color:#a29dae;font-variant-numeric:tabular-nums;white-space:nowrap}
.who{display:inline-flex;align-items:center;gap:.3rem;margin-right:.35rem;vertical-align:middle}.who img{border-radius:50%;object-fit:cover;background:#3a3648}
.to{font-size:.75rem;color:#a29dae;margin-right:.35rem}.text{white-space:pre-wrap}li.event .text{color:#a29dae;font-size:.9rem}
li.roll .text{font-family:ui-monospace,'SFMono-Regular',Menlo,Consolas,monospace}.verdict{font-weight:700;margin-left:.35rem}.good{color:#5fd38d}.bad{color:#ff6b6b}
${TAB_RULES}`;

/** The whole page: self-contained (inline CSS, no script, portraits inlined where they could be), tabs as on the table. */
export function exportHtml(page: HtmlPage): string {
  const radios = TABS.map((t) => `<input type="radio" name="tab" id="tab-${t}"${t === 'all' ? ' checked' : ''}>`).join('');
  const labels = TABS.map((t) => `<label for="tab-${t}">${esc(page.tabs[t])}</label>`).join('');
  return [
    `<!doctype html><html lang="${esc(page.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`,
    `<title>${esc(page.title)}</title><style>${STYLE}</style></head><body><main>`,
    `<h1>${esc(page.title)}</h1><p class="caption">${esc(page.caption)}</p>`,
    `${radios}<nav>${labels}</nav><ol>`,
    ...page.lines.map(lineHtml),
    '</ol></main></body></html>\n',
  ].join('');
}
