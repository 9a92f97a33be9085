import type { CommandOutcome } from './command-tracker.svelte.ts';

/** How components issue commands: they learn the outcome; refusals are already shown to the user. */
export type Send<Command = unknown> = (command: Command) => Promise<CommandOutcome>;

/**
 * A command as a client writes it (fields with defaults may be left out): the input type of a game's command
 * schema, read from the schema's type alone so that no schema reaches the page.
 */
export type CommandInput<Schema> = Schema extends { _zod: { input: infer Input } } ? Input : never;
