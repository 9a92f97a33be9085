import type { MessageKey } from '../shell/i18n/keys.ts';
import type { Params } from '../shell/i18n/translate.ts';

/** What an invitation names: the room, and each seat's link (and the spectator link, if any). */
export type InviteList = {
  title: string;
  seats: readonly { name: string; url: string }[];
  spectator: string | null;
};

type T = (key: MessageKey, params?: Params) => string;

/** One seat's line of an invitation: its name and link. */
export function inviteLine(t: T, seat: { name: string; url: string }): string {
  return t('gm.invite.line', { name: seat.name, url: seat.url });
}

/**
 * The one message "copy all" puts on the clipboard, in the language of `t`: a heading with the room's title, a line
 * per seat with its link, and the spectator link last. Seats without a link are left out by the caller.
 */
export function inviteMessage(t: T, list: InviteList): string {
  const lines = [t('gm.invite.heading', { title: list.title }), ...list.seats.map((s) => inviteLine(t, s))];
  if (list.spectator) lines.push(t('gm.invite.spectatorLine', { url: list.spectator }));
  return lines.join('\n');
}
