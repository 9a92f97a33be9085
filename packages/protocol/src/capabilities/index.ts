export * from './seats.ts';
export * from './feed.ts';
export * from './chat.ts';
export * from './dice.ts';
export * from './notes.ts';
export * from './cards.ts';
export * from './declarations.ts';
export * from './characters.ts';
