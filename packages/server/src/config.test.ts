import { isAbsolute, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  test('defaults: port 3000 on every interface, PGlite in <repo>/data, demo on', () => {
    const c = loadConfig({});
    expect([c.port, c.host, c.databaseUrl, c.publicUrl, c.demo]).toEqual([3000, '0.0.0.0', undefined, undefined, true]);
    expect(isAbsolute(c.dataDir) && c.dataDir.endsWith(join('', 'data'))).toBe(true);
    expect(c.clientDir.endsWith(join('packages', 'client', 'dist'))).toBe(true);
    expect([c.databaseWaitMs, c.roomsPerMinute, c.roomIdleMs, c.logLevel]).toEqual([60_000, 10, 600_000, 'info']);
  });

  test('reads every variable', () => {
    const c = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db/x',
      DATA_DIR: '/var/vt',
      PUBLIC_URL: 'https://vt.example/',
      DEMO: '0',
      DATABASE_WAIT: '5',
      ROOMS_PER_MINUTE: '100',
      ROOM_IDLE_SECONDS: '30',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({ port: 0, host: '127.0.0.1', databaseUrl: 'postgres://u@db/x', dataDir: '/var/vt', publicUrl: 'https://vt.example', demo: false });
    expect(c).toMatchObject({ databaseWaitMs: 5_000, roomsPerMinute: 100, roomIdleMs: 30_000, logLevel: 'warn' });
  });

  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'vt.example'],
    ['DATABASE_WAIT', '-1'],
    ['ROOMS_PER_MINUTE', 'many'],
    ['ROOM_IDLE_SECONDS', '1.5'],
    ['LOG_LEVEL', 'loud'],
  ])('rejects %s=%s', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(key);
  });
});
