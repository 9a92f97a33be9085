import { describe, expect, test } from 'vitest';
import type { HtmlLine, HtmlPage } from './export-html.ts';
import { exportHtml } from './export-html.ts';

const line = (over: Partial<HtmlLine>): HtmlLine => ({ seq: 1, kind: 'chat', channel: 'main', whisper: false, time: '21:00', iso: '2026-12-01T12:00:00.000Z', text: 'hi', ...over });
const page = (lines: HtmlLine[]): HtmlPage => ({ lang: 'ja', title: 'Night <1>', caption: 'as s1', tabs: { all: 'すべて', main: 'メイン', other: '雑談', whisper: '秘話' }, lines });

describe('exportHtml', () => {
  test('a self-contained page: inline style, no script, no external sheet, a viewport for phones', () => {
    const html = exportHtml(page([line({})]));
    expect(html).toMatch(/^<!doctype html><html lang="ja">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link /);
  });

  test('the tabs are the table\'s, in the reader\'s words, and each line carries the classes its tab filters by', () => {
    const html = exportHtml(page([line({ seq: 1 }), line({ seq: 2, channel: 'other' }), line({ seq: 3, whisper: true, to: 'GMへ' })]));
    expect([...html.matchAll(/<label for="tab-(\w+)">([^<]+)<\/label>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['all', 'すべて'], ['main', 'メイン'], ['other', '雑談'], ['whisper', '秘話'],
    ]);
    expect([...html.matchAll(/<li class="([^"]+)" data-seq="(\d)"/g)].map((m) => [m[2], m[1]])).toEqual([
      ['1', 'line chat main'], ['2', 'line chat other'], ['3', 'line chat main whisper'],
    ]);
    expect(html).toContain('#tab-whisper:checked~ol li:not(.whisper){display:none}');
  });

  test.each([
    ['a line\'s text', line({ text: '<img src=x onerror=alert(1)>' }), '&lt;img src=x onerror=alert(1)&gt;'],
    ['a speaker\'s name', line({ who: { name: '"><b>' } }), '<b>&quot;&gt;&lt;b&gt;</b>'],
    ['the title', line({}), '<title>Night &lt;1&gt;</title>'],
  ])('%s is escaped', (_name, l, expected) => {
    const html = exportHtml(page([l]));
    expect(html).toContain(expected);
    expect(html).not.toContain('onerror=alert(1)>');
  });

  test.each([
    ['a hex colour is kept', { name: 'Ann', color: '#ff8800' }, 'style="color:#ff8800"', true],
    ['anything else as a colour is dropped', { name: 'Ann', color: 'red;background:url(x)' }, 'style=', false],
    ['an inlined portrait is kept', { name: 'Ann', portrait: 'data:image/png;base64,iVBORw0KGgo=' }, '<img src="data:image/png;base64,iVBORw0KGgo="', true],
    ['the table\'s portrait URL is kept', { name: 'Ann', portrait: `/api/portraits/${'a'.repeat(64)}` }, `<img src="/api/portraits/${'a'.repeat(64)}"`, true],
    ['any other image source is dropped', { name: 'Ann', portrait: 'https://tracker.example/p.gif' }, '<img', false],
  ])('%s', (_name, who, fragment, present) => {
    expect(exportHtml(page([line({ who })])).includes(fragment)).toBe(present);
  });
});
