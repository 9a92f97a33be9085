/** English strings of the GM's tools (seat links, notes, the rules options panel). */
export const gmEn = {
  'gm.seats': 'Seats',
  'gm.linkUnknown': 'Made before links were kept: make a new link to share it',
  'gm.reissue': 'New link',
  'gm.reissueConfirm': 'The old link stops working. Continue?',
  'gm.spectatorLink': 'Spectator link',
  'gm.notes': 'Notes (only you see these)',
  'gm.notePlaceholder': 'A secret for later…',
  'gm.addNote': 'Add note',
  'gm.removeNote': 'Remove',
  'gm.noSeats': 'No seats yet. Add one per player.',
  'gm.invite.addLabel': 'Add seats: a number, or names separated by commas or lines',
  'gm.invite.addPlaceholder': '3, or Aki, Bora, Chihiro',
  'gm.invite.add': 'Add',
  'gm.invite.adding': 'Adding {done}/{total}…',
  'gm.invite.defaultName': 'Player {n}',
  'gm.invite.empty': 'Type a number or at least one name.',
  'gm.invite.tooMany': 'At most {max} seats at once.',
  'gm.invite.tooLong': 'A name has at most {max} characters.',
  'gm.invite.copyAll': 'Copy all invitations',
  'gm.invite.copied': 'Copied',
  'gm.invite.shareAll': 'Share all',
  'gm.invite.share': 'Share',
  'gm.invite.qr': 'QR code',
  'gm.invite.qrOf': 'QR code: {name}',
  'gm.invite.message': 'The message',
  'gm.invite.loading': 'Loading the links…',
  'gm.invite.heading': 'You are invited to "{title}" on Veiltable. Open the link with your name:',
  'gm.invite.line': '{name}: {url}',
  'gm.invite.spectatorLine': 'To watch: {url}',
  'gm.opt.save': 'Save rules',
  'gm.opt.default': 'default',
  'gm.opt.defaultIs': 'default: {value}',
  'gm.opt.changed': '{n} changed',
  'gm.opt.unchanged': 'No changes',
  'gm.opt.bounds': '{min}–{max}',
  'gm.opt.bad': 'Out of range: {keys}',
  'gm.opt.on': 'on',
  'gm.opt.off': 'off',
  'gm.opt.none': 'none',
  'gm.diceSystem': 'Dice system (BCDice)',
  'gm.diceSystemHint': 'Dice typed in the chat are read by this game system’s commands.',
} as const;

export default gmEn;

declare module '../../shell/i18n/keys.ts' {
  /** The GM's tools' keys: they load with them, in the reader's language. */
  interface Keys extends Record<keyof typeof gmEn, true> {}
}
