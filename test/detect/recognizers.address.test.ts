/**
 * A street line in a structured export — an e-invoice's, a payment file's, a bank download's
 * field of its own, written after its element's name — is an ADDRESS without the model; a city
 * or postcode alone, and a label that only starts like a field's, are not.
 */
import { describe, expect, it } from 'vitest';
import { createDetector } from '../../src/detect/engine.js';
import { markupText } from '../../src/document/markupText.js';

async function found(text: string): Promise<string[]> {
  const detector = await createDetector({ ner: false, types: ['ADDRESS'] });
  return (await detector.detect(text)).map((s) => s.text);
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
