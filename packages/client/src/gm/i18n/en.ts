/** English strings of the GM's tools (seat links, notes, the rules options panel). */
export const gmEn = {
  'gm.seats': 'Seats',
  'gm.seatName': 'Seat name',
  'gm.addSeat': 'Add seat',
  'gm.linkUnknown': 'Link not shown on this device',
  'gm.reissue': 'New link',
  'gm.reissueConfirm': 'The old link stops working. Continue?',
  'gm.spectatorLink': 'Spectator link',
  'gm.notes': 'Notes (only you see these)',
  'gm.notePlaceholder': 'A secret for later…',
  'gm.addNote': 'Add note',
  'gm.removeNote': 'Remove',
  'gm.noSeats': 'No seats yet. Add one per player.',
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
