export { buildApp } from './app.ts';
export type { App, AppOptions } from './app.ts';
export { Room } from './rooms/room.ts';
export type { Connection } from './rooms/room.ts';
export { RoomRegistry } from './rooms/room-registry.ts';
export { memoryStore } from './db/memory-store.ts';
export type { Store } from './db/store.ts';
