export * from './version.ts';
export * from './common.ts';
export * from './http.ts';
export * from './messages.ts';
export * from './view-diff.ts';
export * from './view-patch.ts';
export * from './view-replica.ts';
export * from './capabilities/index.ts';
