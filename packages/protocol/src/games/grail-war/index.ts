export * from './sheets.ts';
export * from './options.ts';
export * from './commands.ts';
export * from './view.ts';
export * from './scenes.ts';
export * from './contracts.ts';
