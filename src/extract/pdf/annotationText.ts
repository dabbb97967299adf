/**
 * What a PDF viewer shows beside the page's content stream: filled form fields, notes and
 * free-text comments, stamps. A redacted copy keeps none of them (it is drawn from the content
 * alone), but the reader of the original saw them, so their text joins the page's text — the
 * detector reads it, the anonymised text and Results carry it redacted — and a warning says the
 * copy leaves them out. A stamp's or attachment's content is not text: it is counted, not read.
 */
import type { Box } from '../../domain/documentText.js';
import type { PDFPageProxy } from '../../document/loadPdf.js';
import type { PageFragment, PageText } from './layoutPageText.js';

type PointMapper = (x: number, y: number) => number[];

interface PdfAnnotation {
  readonly subtype?: string;
  readonly rect?: number[];
  readonly fieldName?: string;
  /** The field's tooltip (/TU), which forms fill with the printed label: "Employee's SSN". */
  readonly alternativeText?: string;
  readonly fieldValue?: unknown;
  readonly contentsObj?: { str?: string };
  readonly hidden?: boolean;
  readonly parentType?: string;
}

export interface AnnotationText extends PageText {
  /** What the copy leaves out, in words ("2 form fields", "1 note"). */
  readonly removed: readonly string[];
  /** Files attached to the page (a paperclip note): the run reads each as a file of its own. */
  readonly attachments: number;
}

function boxOf(rect: readonly number[] | undefined, toViewport: PointMapper): Box | undefined {
  if (!rect || rect.length < 4) return undefined;
  const [x1, y1] = toViewport(rect[0]!, rect[1]!);
  const [x2, y2] = toViewport(rect[2]!, rect[3]!);
  const x = Math.min(x1!, x2!);
  const y = Math.min(y1!, y2!);
  return { x, y, width: Math.abs(x2! - x1!), height: Math.abs(y2! - y1!) };
}

function fieldText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'string' ? value : '';
}

/**
 * What a field's value is labelled by in the text: its tooltip, which a form's maker fills with
 * the label printed beside it (a W-2's "Employer identification number"), so the detector reads
 * the value with its label; else the last part of its name without indices
 * ("topmostSubform[0].CopyA[0].f1_02[0]" → "f1_02").
 */
function fieldLabel(a: PdfAnnotation): string {
  const tooltip = a.alternativeText?.replace(/\s+/g, ' ').trim();
  if (tooltip) return tooltip.replace(/[:\s]+$/, '');
  const last = a.fieldName
    ?.split('.')
    .pop()
    ?.replace(/\[\d+\]/g, '')
    .trim();
  return last || 'Field';
}

function count(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

export async function annotationText(
  page: PDFPageProxy,
  toViewport: PointMapper,
): Promise<AnnotationText> {
  const annotations = (await page.getAnnotations({ intent: 'display' })) as PdfAnnotation[];
  let text = '';
  const fragments: PageFragment[] = [];
  const tally = { field: 0, note: 0, stamp: 0, attachment: 0 };
  const add = (line: string, box: Box | undefined) => {
    const clean = line.replace(/\s+/g, ' ').trim();
    if (clean === '') return;
    if (text !== '') text += '\n';
    const start = text.length;
    text += clean;
    if (box) fragments.push({ start, end: text.length, box });
  };
  for (const a of annotations) {
    if (a.hidden) continue;
    const box = boxOf(a.rect, toViewport);
    switch (a.subtype) {
      case 'Widget': {
        const value = fieldText(a.fieldValue);
        // Buttons' "Off"/"Yes" states say nothing a reader would call text.
        if (value && !/^(?:Off|Yes|On)$/.test(value)) {
          tally.field++;
          add(`${fieldLabel(a)}: ${value}`, box);
        }
        break;
      }
      case 'Popup':
        break; // shows its parent's contents, read with the parent
      case 'Stamp':
        tally.stamp++;
        if (a.contentsObj?.str) add(`Stamp: ${a.contentsObj.str}`, box);
        break;
      case 'FileAttachment':
        tally.attachment++;
        break;
      case 'Link':
        break; // its target is not shown; its text is the page's
      default:
        if (a.contentsObj?.str) {
          tally.note++;
          add(`Note: ${a.contentsObj.str}`, box);
        }
    }
  }
  const removed = [
    tally.field ? count(tally.field, 'form field') : '',
    tally.note ? count(tally.note, 'note') : '',
    tally.stamp ? count(tally.stamp, 'stamp') : '',
  ].filter((s) => s !== '');
  return { text, fragments, removed, attachments: tally.attachment };
}
