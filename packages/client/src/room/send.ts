import type { GameCommandInput } from '@veiltable/protocol';
import type { CommandOutcome } from './connection.svelte.ts';

/** How components issue commands: they learn the outcome, refusals are already shown by the connection. */
export type Send = (command: GameCommandInput) => Promise<CommandOutcome>;
