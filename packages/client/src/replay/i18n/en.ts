/** English strings of the replay page, fetched with it. */
export const replayEn = {
  'replay.title': 'Replay',
  'replay.fileHint': 'Choose an export file (JSON) saved from a room to watch the session again, step by step.',
  'replay.choose': 'Choose an export file',
  'replay.drop': 'or drop it here',
  'replay.reading': 'Reading {name}…',
  'replay.badFile': '{name} cannot be replayed. {reason}',
  'replay.loading': 'Loading the session… {pct}%',
  'replay.failed': 'The session could not be loaded: {reason}',
  'replay.retry': 'Try again',
  'replay.notice': 'Replay · step {n}/{total} · {time}',
  'replay.noTime': 'before the first line',
  'replay.back': 'Step back',
  'replay.forward': 'Step forward',
  'replay.play': 'Play',
  'replay.pause': 'Pause',
  'replay.speed': 'Speed',
  'replay.slider': 'Step of the session',
  'replay.phases': 'Jump to phase',
  'replay.noPhases': 'This session has no phases to jump to.',
  'replay.watchAs': 'Watch as',
  'replay.as.gm': 'GM',
  'replay.as.spectator': 'Spectator',
  'replay.fromFile': 'From the file {name}',
  'replay.otherFile': 'Open another file',
  'replay.phase.cycle': 'Cycle {n}',
  'replay.phase.declOpen': 'Declaration {n} · open',
  'replay.phase.declRevealed': 'Declaration {n} · revealed',
} as const;

export default replayEn;

declare module '../../shell/i18n/keys.ts' {
  /** The replay page's keys: they load with it, in the reader's language. */
  interface Keys extends Record<keyof typeof replayEn, true> {}
}
