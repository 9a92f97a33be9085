import { describe, expect, test } from 'vitest';
import { regionDraft, specialLines } from './region-draft.ts';

describe('the GM\'s region form (GW-REGION-01..03, GW-REGION-07)', () => {
  test('GW-REGION-03 a region the GM has not set starts with concealment 10, nothing else', () => {
    expect(regionDraft(null)).toMatchObject({ population: { day: 0, night: 0 }, concealment: { day: 10, night: 10 }, special: [] });
  });
  test('GW-REGION-02 a set region\'s form holds its data, not the people left to eat', () => {
    const info = { ...regionDraft(null), population: { day: 6, night: 3 }, people: { day: 2, night: 3 } };
    expect(regionDraft(info)).not.toHaveProperty('people');
    expect(regionDraft(info).population).toEqual({ day: 6, night: 3 });
  });
  test('GW-REGION-07 "school → class (수업)": one special situation a line', () => {
    expect(specialLines(' 수업 \n\n축제\n')).toEqual(['수업', '축제']);
  });
});
