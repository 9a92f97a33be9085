import { describe, expect, test } from 'vitest';
import { memoryStore } from './memory-store.ts';
import { guarded, guardedStore, isOutage } from './outage.ts';
import type { Store } from './store.ts';
import { isStoreUnavailable, StoreUnavailable, VersionConflict } from './store.ts';

const coded = (code: string) => Object.assign(new Error(code), { code });
const never = () => new Promise<never>(() => {});

describe('isOutage', () => {
  test.each([
    ['a connection closed by the driver', coded('CONNECTION_CLOSED'), true],
    ['a refused connection', coded('ECONNREFUSED'), true],
    ['a connect timeout', coded('CONNECT_TIMEOUT'), true],
    ['an administrator ending the backend (57P01)', coded('57P01'), true],
    ['a statement timeout (57014)', coded('57014'), true],
    ['too many connections (53300)', coded('53300'), true],
    ['a connection exception (08006)', coded('08006'), true],
    ['every address of a host refused', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]), true],
    ['a unique violation (23505)', coded('23505'), false],
    ['a NUL in jsonb text (22P05)', coded('22P05'), false],
    ['a version conflict', new VersionConflict('r', 1), false],
    ['a plain bug', new TypeError('x is undefined'), false],
    ['not an error', 'oops', false],
  ])('%s: %s', (_name, error, outage) => {
    expect(isOutage(error)).toBe(outage);
  });
});

describe('guarded', () => {
  test('an operation that never settles becomes StoreUnavailable at its deadline', async () => {
    const started = Date.now();
    const error = await guarded('readLog', never, 50).catch((e: unknown) => e);
    expect(isStoreUnavailable(error)).toBe(true);
    expect((error as Error).message).toContain('readLog');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  test('an outage becomes StoreUnavailable with the driver error as its cause; other errors pass unchanged', async () => {
    const dropped = coded('CONNECTION_CLOSED');
    const outage = await guarded('append', () => Promise.reject(dropped)).catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(StoreUnavailable);
    expect((outage as Error).cause).toBe(dropped);
    const conflict = new VersionConflict('r', 3);
    await expect(guarded('append', () => Promise.reject(conflict))).rejects.toBe(conflict);
    const bug = new TypeError('bug');
    await expect(guarded('append', () => Promise.reject(bug))).rejects.toBe(bug);
    await expect(guarded('ping', async () => 7)).resolves.toBe(7);
  });
});

test('guardedStore gives every operation the deadline', async () => {
  const inner = memoryStore();
  const hanging: Store = { ...inner, readLog: never, ping: never };
  const store = guardedStore(hanging, 50);
  await expect(store.readLog('r', 0)).rejects.toBeInstanceOf(StoreUnavailable);
  await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailable);
  await store.createRoom({ id: 'r', game: 'g', title: 't', createdAt: '2025-01-01T00:00:00.000Z' }, {});
  expect(await store.getRoom('r')).toMatchObject({ id: 'r' });
});
