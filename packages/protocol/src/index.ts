export * from './version.ts';
export * from './common.ts';
export * from './http.ts';
export * from './messages.ts';
export * from './free-table/commands.ts';
export * from './free-table/view.ts';
export * from './dungeon-2d6/index.ts';
