import { expect, test } from 'vitest';
import { gwRegionFeature } from '@veiltable/protocol/games/grail-war';
import { REGION_FEATURES } from './region-features.ts';

test('GW-REGION-01 the GM is offered every region feature the protocol accepts, and no other', () => {
  expect([...REGION_FEATURES]).toEqual(gwRegionFeature.options);
});
