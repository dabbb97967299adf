/**
 * Macro-enabled Office files and templates (.docm, .dotx, .xlsm, .xltm, …) made from a plain
 * package: the main part's content type changed, and for the macro forms a VBA project part with
 * its relationship, as Word and Excel save them. The project's bytes hold a value no reader looks
 * for, so a test can tell whether a copy kept them.
 */
import JSZip from 'jszip';

export type MacroForm = 'docm' | 'dotx' | 'dotm' | 'xlsm' | 'xltx' | 'xltm';

const FORMS: Readonly<Record<MacroForm, { app: 'word' | 'xl'; type: string; vba: boolean }>> = {
  docm: { app: 'word', type: 'application/vnd.ms-word.document.macroEnabled.main+xml', vba: true },
  dotx: {
    app: 'word',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml',
    vba: false,
  },
  dotm: {
    app: 'word',
    type: 'application/vnd.ms-word.template.macroEnabledTemplate.main+xml',
    vba: true,
  },
  xlsm: { app: 'xl', type: 'application/vnd.ms-excel.sheet.macroEnabled.main+xml', vba: true },
  xltx: {
    app: 'xl',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml',
    vba: false,
  },
  xltm: { app: 'xl', type: 'application/vnd.ms-excel.template.macroEnabled.main+xml', vba: true },
};

/** `plain` (a .docx or .xlsx) in `form`, its VBA project (if any) holding `secret`. */
export async function macroForm(
  plain: Uint8Array,
  form: MacroForm,
  secret: string,
): Promise<Uint8Array> {
  const { app, type, vba } = FORMS[form];
  const zip = await JSZip.loadAsync(plain);
  const main = app === 'word' ? 'word/document.xml' : 'xl/workbook.xml';
  let types = await zip.file('[Content_Types].xml')!.async('string');
  // Either attribute may come first: docx writes ContentType first, exceljs PartName.
  types = types.replace(new RegExp(`<Override\\b[^>]*PartName="/${main}"[^>]*>`), (tag) =>
    tag.replace(/ContentType="[^"]*"/, `ContentType="${type}"`),
  );
  if (!types.includes(type)) throw new Error(`no content type for ${main}`);
  if (vba) {
    types = types.replace(
      '</Types>',
      '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>',
    );
    const relsPath = `${app}/_rels/${main.split('/')[1]}.rels`;
    const rels = await zip.file(relsPath)!.async('string');
    zip.file(
      relsPath,
      rels.replace(
        '</Relationships>',
        '<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/></Relationships>',
      ),
    );
    // A compound file's signature, then module source as the VBA project stores it uncompressed.
    zip.file(
      `${app}/vbaProject.bin`,
      Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.from(`Attribute VB_Name = "Module1"\r\nConst CLIENT = "${secret}"\r\n`, 'latin1'),
      ]),
    );
  }
  zip.file('[Content_Types].xml', types);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}
