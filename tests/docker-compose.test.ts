import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('docker-compose.yml', () => {
  test('parses and wires the app to the Postgres service', () => {
    const r = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config'], { cwd: root, encoding: 'utf8' });
    if (r.error) throw new Error(`docker-compose is not installed (apt-get install docker-compose): ${r.error.message}`);
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/^\s{2}db:/m);
    expect(out).toMatch(/^\s{2}app:/m);
    expect(out).toMatch(/DATABASE_URL: postgres:\/\/veiltable:veiltable@db:5432\/veiltable/);
    expect(out).toMatch(/condition: service_healthy/);
    expect(out).toMatch(/published: "?3000"?|3000:3000/);
  });
});
