export * from './core/result.ts';
export * from './core/canonical.ts';
export * from './core/hash.ts';
export * from './core/commitment.ts';
export * from './core/rng.ts';
export * from './core/game.ts';
export * from './core/dice.ts';
