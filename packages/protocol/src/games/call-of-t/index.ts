export * from './commands.ts';
export * from './view.ts';
