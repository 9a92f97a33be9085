import type { GwSheet } from '@veiltable/protocol/games/grail-war';

/** A servant sheet to start from: C everywhere and no names yet; the GM types the names and fills in the rest. */
export function blankServant(): GwSheet {
  return {
    kind: 'servant', alias: '', trueName: '', className: 'saber', grade: 1,
    stats: { str: 'C', end: 'C', agi: 'C', mag: 'C', luk: 'C', np: 'C' },
    magecraft: null, skill: null, defense: { cards: 0, value: null }, cardCounts: null, noblePhantasms: [], attackBonuses: [],
    lineage: null, magicResistance: 0, hp: { current: 60, max: 60 }, mp: { current: 40, max: 40 }, merit: 0, xp: 0, items: [], consumables: {},
  };
}

/** A master sheet to start from, its name still to be typed. */
export function blankMaster(): GwSheet {
  return {
    kind: 'master', name: '', grade: 1, stats: { combat: 'C', magic: 'C', conviction: 'C', fate: 'C' }, specializations: [],
    conviction: { current: 3, max: 3 }, fate: { current: 3, max: 3 }, hp: { current: 30, max: 30 }, mp: { current: 30, max: 30 },
    merit: 0, xp: 0, sealsLeft: null, judgmentLimit: null, spells: null, items: [], consumables: {},
  };
}
