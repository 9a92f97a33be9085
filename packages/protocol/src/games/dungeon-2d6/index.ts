export * from './common.ts';
export * from './commands.ts';
export * from './view.ts';
