/** English strings of the open edition's download and check, fetched once the GM released it. */
export const openEditionEn = {
  'open.title': 'Open edition',
  'open.download': 'Download the open edition',
  'open.verify': 'Verify',
  'open.seedOk': 'Seed: its sha256 is the commitment this page received when it joined ({hash}).',
  'open.seedBad': 'Seed does not match: this page received {expected}, the released seed hashes to {actual}.',
  'open.commitments': 'Sealed answers this device saw: {checked} checked against their revealed answer and salt; {unrevealed} not revealed.',
  'open.mismatch': 'Entry {seq}: the revealed answer of {who} in {round} is not what this device saw sealed.',
  'open.replayHint': 'This page checks the seed and what it saw sealed. Every die, shuffle and draw is replayed from the seed by ./vt verify on the downloaded file.',
} as const;

export default openEditionEn;

declare module '../../../shell/i18n/keys.ts' {
  /** The open edition's keys: they load with it, in the reader's language. */
  interface Keys extends Record<keyof typeof openEditionEn, true> {}
}
