/**
 * Fields of structured exports — an e-invoice's, a payment file's, a bank download's, each
 * written after its element's name — found without the model: a street line is an ADDRESS (a
 * city or postcode alone, and a label that only starts like a field's, are not), a contact's
 * name a NAME, a registered name a COMPANY (a NAME when shaped as a person's).
 */
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';
import { markupText } from '../../src/document/markupText.js';

async function found(text: string): Promise<string[]> {
  const detector = await createDetector({ ner: false, types: ['ADDRESS'] });
  return (await detector.detect(text)).map((s) => s.text);
}

async function parties(text: string): Promise<string[][]> {
  const detector = await createDetector({ ner: false, types: ['NAME', 'COMPANY'] });
  return (await detector.detect(text)).map((s) => [s.type, s.text]);
}

describe('street fields of structured exports', () => {
  it('finds the street line of a UBL, CII, ISO 20022 or OFX address', async () => {
    const ubl = markupText(
      '<Invoice xmlns:cac="urn:a" xmlns:cbc="urn:b"><cac:PostalAddress>' +
        '<cbc:StreetName>14 Harbour Road</cbc:StreetName><cbc:AdditionalStreetName>Unit 3' +
        '</cbc:AdditionalStreetName><cbc:CityName>Wellington</cbc:CityName>' +
        '<cbc:PostalZone>6011</cbc:PostalZone></cac:PostalAddress></Invoice>',
    );
    expect(await found(ubl)).toEqual(['14 Harbour Road', 'Unit 3']);
    expect(await found('LineOne: Hafenstraße 3\r\nCityName: Kiel\r\n')).toEqual(['Hafenstraße 3']);
    expect(await found('StrtNm: Rue de la Paix\nBldgNb: 12\nTwnNm: Paris')).toEqual([
      'Rue de la Paix',
    ]);
    expect(await found('ADDR1: 2 Mill Lane\nCITY: Leeds')).toEqual(['2 Mill Lane']);
  });

  it('leaves a city, a postcode, a number alone and a longer label', async () => {
    expect(await found('CityName: Wellington\nPostalZone: 6011\nBldgNb: 12')).toEqual([]);
    expect(await found('StreetNameFormat: upper\nADDR1: 12')).toEqual([]);
    expect(await found('The Street: a history of the road through town')).toEqual([]);
  });
});

describe('name fields of structured exports', () => {
  it("finds a contact's name, and a registered name typed by its shape", async () => {
    const cii = markupText(
      '<ram:SellerTradeParty xmlns:ram="urn:r"><ram:Name>Unit 7</ram:Name><ram:DefinedTradeContact>' +
        '<ram:PersonName>Quill Harrow</ram:PersonName></ram:DefinedTradeContact></ram:SellerTradeParty>',
    );
    expect(await parties(cii)).toEqual([['NAME', 'Quill Harrow']]);
    expect(await parties('FirstName: Ada\nFamilyName: Lindqvist-Berg\n')).toEqual([
      ['NAME', 'Ada'],
      ['NAME', 'Lindqvist-Berg'],
    ]);
    expect(
      await parties('RegistrationName: Varga Bros. Ltd.\nRegistrationName: Quill Harrow\n'),
    ).toEqual([
      ['COMPANY', 'Varga Bros. Ltd.'],
      ['NAME', 'Quill Harrow'],
    ]);
  });

  it('leaves a value that is no name, and a field that names no party', async () => {
    expect(await parties('PersonName: 4711\nFirstName: n/a 2\nName: English (US)\n')).toEqual([]);
  });
});
