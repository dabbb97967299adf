/**
 * Files as Word and Excel write them carry markup no person reads: a font's panose number, theme
 * colours, revision ids, drawing ids, titles of parts. The copy of a file with nothing personal in
 * it is written (the parts no one writes in are written fresh, the reading reads XML as a reader
 * would), while a self-checking identifier (an IBAN by mod 97, an e-mail, a card by Luhn) stays a
 * finding in any attribute, and wording in a text attribute (alt text, a style's name) is read.
 * Each class here was found in the wild-dev corpus (../shared/datasets/wild-dev), reduced to a
 * small generated file.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDetector, type Detector } from '../../src/detect/engine.js';
import { processFile } from '../../src/pipeline/processFile.js';
import { DEFAULT_REDACT_OPTIONS } from '../../src/pipeline/redactOptions.js';
import { writeRedactedCopy } from '../../src/pipeline/redactedCopies.js';
import type { ReadBackOptions } from '../../src/pipeline/readBackAdditions.js';
import { xmlReading } from '../../src/verify/readCopy.js';
import { makeDocx, makeTempDir, type TempDir } from '../io/fixtures.js';

const OPTIONS = { ...DEFAULT_REDACT_OPTIONS, ner: false };
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';

let dir: TempDir;
let patterns: Detector;
let readBackWith: ReadBackOptions;
beforeAll(async () => {
  dir = await makeTempDir();
  patterns = await createDetector({ ner: false });
  readBackWith = {
    detectors: { full: (t) => patterns.detect(t), patterns: (t) => patterns.detectPatterns(t) },
  };
});
afterAll(() => dir.remove());

/** A .docx with the parts Word writes beside the text, each full of schema values. */
async function wordLikeDocx(extra: (zip: JSZip) => void = () => {}): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(
    await makeDocx(['Quarterly summary.', 'Revenue rose by 4 percent.']),
  );
  zip.file(
    'word/fontTable.xml',
    `<?xml version="1.0"?><w:fonts ${W}><w:font w:name="Calibri Light"><w:panose1 w:val="020F0302020204030204"/><w:charset w:val="00"/><w:sig w:usb0="E4002EFF" w:usb1="C000247B" w:usb2="00000009" w:usb3="00000000" w:csb0="000001FF" w:csb1="00000000"/></w:font></w:fonts>`,
  );
  zip.file(
    'word/theme/theme1.xml',
    `<?xml version="1.0"?><a:theme ${A} name="Office Theme"><a:themeElements><a:clrScheme name="Office"><a:dk2><a:srgbClr val="44546A"/></a:dk2><a:accent1><a:srgbClr val="4472C4"/></a:accent1></a:clrScheme><a:fontScheme name="Office"><a:majorFont><a:latin typeface="Calibri Light" panose="020F0302020204030204"/><a:font script="Jpan" typeface="游ゴシック Light"/></a:majorFont></a:fontScheme></a:themeElements></a:theme>`,
  );
  zip.file(
    'word/webSettings.xml',
    `<?xml version="1.0"?><w:webSettings ${W}><w:divs><w:div w:id="1407604052"><w:marLeft w:val="0"/></w:div></w:divs><w:optimizeForBrowser/></w:webSettings>`,
  );
  zip.file(
    'docProps/app.xml',
    `<?xml version="1.0"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Template>Normal.dotm</Template><TotalTime>1</TotalTime><Pages>1</Pages><Application>Microsoft Office Word</Application><TitlesOfParts><vt:vector size="1" baseType="lpstr"><vt:lpstr>Board memo</vt:lpstr></vt:vector></TitlesOfParts><AppVersion>16.0000</AppVersion><Characters>1348762913</Characters></Properties>`,
  );
  const settings = await zip.file('word/settings.xml')!.async('string');
  zip.file(
    'word/settings.xml',
    settings.replace(
      /<\/w:settings>\s*$/,
      '<w:rsids><w:rsidRoot w:val="00A40F2B"/><w:rsid w:val="2045366317"/><w:rsid w:val="00B12C9D"/></w:rsids></w:settings>',
    ),
  );
  extra(zip);
  return zip.generateAsync({ type: 'uint8array' });
}

async function redacted(name: string, bytes: Uint8Array) {
  const file = await dir.file(`in/${name}`, bytes);
  const result = await processFile({ file, relativePath: name }, { detector: patterns }, OPTIONS);
  const out = join(dir.path, 'out', name);
  return { reported: await writeRedactedCopy(result, out, OPTIONS, readBackWith), out };
}

describe('a Word file as Word writes it, with nothing personal in it', () => {
  it('is copied: font table, theme, settings, web settings and app properties are not read as values', async () => {
    const { reported, out } = await redacted('summary.docx', await wordLikeDocx());
    expect(reported.status, reported.error).toBe('ok');
    const zip = await JSZip.loadAsync(await readFile(out));
    const fonts = await zip.file('word/fontTable.xml')!.async('string');
    // Written fresh: the font's name stays for layout, its panose number and signature do not.
    expect(fonts).toContain('w:name="Calibri Light"');
    expect(fonts).not.toContain('panose1');
    expect(await zip.file('docProps/app.xml')!.async('string')).not.toContain('Board memo');
    expect(await zip.file('word/settings.xml')!.async('string')).not.toContain('rsid');
    expect(await zip.file('word/webSettings.xml')!.async('string')).not.toContain('1407604052');
  });

  it('still refuses a self-checking identifier kept in a part no redaction reaches', async () => {
    const bytes = await wordLikeDocx((zip) =>
      zip.file(
        'word/theme/theme1.xml',
        `<?xml version="1.0"?><a:theme ${A} name="Office Theme"><a:extLst><a:ext uri="x"><a:note val="GB82WEST12345698765432"/></a:ext></a:extLst></a:theme>`,
      ),
    );
    const { reported } = await redacted('iban-in-theme.docx', bytes);
    expect(reported.status).toBe('error');
    expect(reported.error).toMatch(/BANK_ACCOUNT in part word\/theme\/theme1\.xml/);
    expect(reported.error).not.toContain('GB82');
  });
});

describe('a detected value the writer finds at an occurrence the detection did not mark', () => {
  it('is added there and the copy built again, rather than stranding the copy', async () => {
    const bytes = await makeDocx(['Dear Quillfeather,', 'the Quillfeather account is closed.']);
    const file = await dir.file('in/stranded.docx', bytes);
    const result = await processFile(
      { file, relativePath: 'stranded.docx' },
      { detector: patterns },
      OPTIONS,
    );
    // One occurrence marked, as a merge that kept another span there would leave it.
    const start = result.text.indexOf('Quillfeather');
    const marked = {
      ...result,
      spans: [
        {
          start,
          end: start + 12,
          type: 'NAME',
          score: 0.9,
          source: 'ner' as const,
          text: 'Quillfeather',
        },
      ],
    };
    const out = join(dir.path, 'out', 'stranded.docx');
    const reported = await writeRedactedCopy(marked, out, OPTIONS, readBackWith);
    expect(reported.status, reported.error).toBe('ok');
    expect(reported.spans.filter((s) => s.text === 'Quillfeather')).toHaveLength(2);
    const zip = await JSZip.loadAsync(await readFile(out));
    expect(await zip.file('word/document.xml')!.async('string')).not.toContain('Quillfeather');
  });
});

describe('xmlReading', () => {
  it('reads text nodes and wording attributes, skips schema values, keeps other values apart', () => {
    const xml = `<w:root ${W}><w:style><w:name w:val="Letter to jo@example.org"/></w:style><wp:docPr id="2045366317" name="Picture 1" descr="Signed by Ann Quill"/><w:font w:name="Arial"><w:panose1 w:val="020B0604020202020204"/></w:font><w:color w:val="1F497D"/><w:x w:ref="GB82WEST12345698765432"/><w:t>Hello &amp; bye</w:t></w:root>`;
    const { text, values } = xmlReading(xml);
    expect(text.split('\n')).toEqual([
      'Letter to jo@example.org',
      'Picture 1',
      'Signed by Ann Quill',
      'Arial',
      'Hello & bye',
    ]);
    // Hex, numbers and ids are the schema's; an IBAN-shaped value is kept for the checked reading.
    expect(values).toBe('GB82WEST12345698765432');
  });
});
