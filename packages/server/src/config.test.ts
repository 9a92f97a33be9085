import { isAbsolute, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  test('defaults: port 3000 on every interface, PGlite in <repo>/data, demo on', () => {
    const c = loadConfig({});
    expect([c.port, c.host, c.databaseUrl, c.publicUrl, c.demo]).toEqual([3000, '0.0.0.0', undefined, undefined, true]);
    expect(isAbsolute(c.dataDir) && c.dataDir.endsWith(join('', 'data'))).toBe(true);
    expect(c.clientDir.endsWith(join('packages', 'client', 'dist'))).toBe(true);
  });

  test('reads every variable', () => {
    const c = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db/x',
      DATA_DIR: '/var/vt',
      PUBLIC_URL: 'https://vt.example/',
      DEMO: '0',
    });
    expect(c).toMatchObject({ port: 0, host: '127.0.0.1', databaseUrl: 'postgres://u@db/x', dataDir: '/var/vt', publicUrl: 'https://vt.example', demo: false });
  });

  test.each([['PORT', 'abc'], ['PORT', '70000'], ['PUBLIC_URL', 'vt.example']])('rejects %s=%s', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(key);
  });
});
