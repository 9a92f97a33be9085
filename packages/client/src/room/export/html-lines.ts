import type { LogLine } from '@veiltable/protocol';
import type { LineContext } from '../../ui/timeline/line-renderers.ts';
import { eventText } from '../../ui/timeline/line-renderers.ts';
import { channelOf, isWhisper, kindOf } from '../../ui/timeline/line-kinds.ts';
import { portraitUrl } from '../../ui/characters/cast.ts';
import type { HtmlLine } from './export-html.ts';

/** What the lines are read with: the timeline's own context, the reader's language and zone, inlined portraits. */
export type HtmlLineContext = LineContext & {
  game: string;
  lang: string;
  tz: string;
  /** Portraits by hash, as data URLs; a hash missing here keeps the table's own URL. */
  portraits: ReadonlyMap<string, string>;
};

/**
 * The export's lines as the timeline reads them (timeline-line.svelte): the same sentences for game events, the
 * same names, "to …" tags, roll texts and verdicts, and the same tabs; times in the reader's zone.
 */
export function htmlLines(lines: readonly LogLine[], ctx: HtmlLineContext): HtmlLine[] {
  const { t } = ctx;
  const clock = new Intl.DateTimeFormat(ctx.lang, { timeZone: ctx.tz, month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  const face = (speaker: { name: string; color?: string; portrait?: string } | undefined, fallback: string) =>
    speaker
      ? { name: speaker.name, color: speaker.color, portrait: speaker.portrait === undefined ? undefined : (ctx.portraits.get(speaker.portrait) ?? portraitUrl(speaker.portrait)) }
      : { name: fallback };
  const revealed = new Set(lines.flatMap((l) => {
    const k = kindOf(l);
    return k.kind === 'roll' && k.reveal ? [k.item.id] : [];
  }));
  return lines.map((line) => {
    const read = kindOf(line);
    const date = new Date(line.at);
    const base = { seq: line.seq, kind: read.kind, channel: channelOf(read), whisper: isWhisper(read), time: clock.format(date), iso: date.toISOString() };
    if (read.kind === 'chat') {
      const item = read.item;
      const to = item.to.kind === 'gm' ? t('tl.toGm') : item.to.kind === 'seat' ? t('tl.toSeat', { name: ctx.seat(item.to.seat) }) : undefined;
      return { ...base, who: face(item.speaker, ctx.actor(item.from)), ...(to === undefined ? {} : { to }), text: item.text };
    }
    if (read.kind === 'roll') {
      const item = read.item;
      const result = item.result;
      const hidden = !read.reveal && item.visibility !== 'public' && !item.revealed && !revealed.has(item.id);
      const text = result ? `🎲 ${result.text}${result.comment ? ` ${result.comment}` : ''}` : `🎲 ${t('tl.secretRoll')}`;
      const verdict = result?.level
        ? { label: t(`feed.level.${result.level}`), good: ['success', 'special', 'critical'].includes(result.level) }
        : result?.comparison
          ? { label: t(result.comparison.success ? 'tl.success' : 'tl.failure'), good: result.comparison.success }
          : undefined;
      return {
        ...base,
        ...(read.reveal ? { to: t('tl.revealedBy', { name: item.speaker?.name ?? ctx.actor(item.by) }) } : { who: face(item.speaker, ctx.actor(item.by)) }),
        ...(hidden ? { to: t(`tl.hiddenFor.${item.visibility as 'gm' | 'self'}`) } : {}),
        text,
        ...(verdict ? { verdict } : {}),
      };
    }
    return { ...base, text: eventText(ctx.game, read.seen, ctx) };
  });
}
