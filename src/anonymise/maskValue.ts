/**
 * `--placeholders mask`: every character of a value starred out except what a display policy
 * allows — the last four digits of a card or an account (PCI DSS allows them on screens and
 * receipts), the domain of an e-mail. Whitespace stays, so layout and length hold.
 */
const KEEP_LAST_DIGITS: ReadonlySet<string> = new Set(['CREDIT_CARD', 'BANK_ACCOUNT']);

function star(text: string, keepSeparators: boolean): string {
  return text.replace(keepSeparators ? /[^\s\-/.]/g : /\S/g, '*');
}

export function maskValue(type: string, value: string): string {
  if (type === 'EMAIL') {
    const at = value.lastIndexOf('@');
    return at > 0 ? `${star(value.slice(0, at), false)}${value.slice(at)}` : star(value, false);
  }
  if (KEEP_LAST_DIGITS.has(type)) {
    // The last four digits and everything after them (a closing bracket, say) stay.
    let digits = 0;
    let cut = value.length;
    for (let i = value.length - 1; i >= 0 && digits < 4; i--) {
      if (/\d/.test(value[i]!)) digits++;
      cut = i;
    }
    return digits < 4 ? star(value, true) : `${star(value.slice(0, cut), true)}${value.slice(cut)}`;
  }
  return star(value, false);
}
