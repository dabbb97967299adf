/**
 * A worksheet's printed header and footer read as the printout shows them: the words, each section
 * and line apart, without the codes for fonts, sizes, colours, fields and styles around them.
 */
import { describe, expect, it } from 'vitest';
import { headerFooterLines } from '../../src/document/headerFooterText.js';

describe('headerFooterLines', () => {
  it('keeps the printed words and drops font, size and colour codes', () => {
    expect(
      headerFooterLines(
        '&C&"Arial Unicode MS,Regular"&7&K00-022Extract from Half-Year Report of the Example Group 2023',
      ),
    ).toEqual(['Extract from Half-Year Report of the Example Group 2023']);
    expect(headerFooterLines('&L&"Calibri,Regular"&7&K000000C3 Internal')).toEqual(['C3 Internal']);
  });

  it('reads nothing where a header holds only codes and fields', () => {
    expect(headerFooterLines('&C&"Arial,Gras"&12\r\n')).toEqual([]);
    expect(headerFooterLines('&C&6&Z&F')).toEqual([]);
  });

  it('keeps sections and lines apart, and a doubled ampersand as one', () => {
    expect(headerFooterLines('&LJane Doe &&Co&RPage &P of &N')).toEqual([
      'Jane Doe &Co',
      'Page of',
    ]);
    expect(headerFooterLines('&L&B&"Arial,Bold"&14Line one\nLine two&C&KFF0000Red')).toEqual([
      'Line one',
      'Line two',
      'Red',
    ]);
  });

  it('reads a header written without codes as it stands', () => {
    expect(headerFooterLines('Prepared by header.person@example.com')).toEqual([
      'Prepared by header.person@example.com',
    ]);
  });
});
