import type { DocBuilder, Part } from '../core/docBuilder.js';
import type { GenContext } from '../core/genContext.js';
import { pii, isPii, type Pii } from '../core/goldDocument.js';
import type { Person } from '../values/people.js';

/**
 * Running conversational text: the people in it are named the way colleagues name each other
 * (a first name alone, a surname alone, a list of names), places are named on their own, and
 * capitalised phrases that are neither people nor companies are common. The financial families
 * rarely show any of this, and a model trained on them alone read lone first names and towns as
 * companies in chat, notes and letters.
 */

/** Capitalised phrases that are neither people, companies nor addresses (hard negatives). */
const PLAIN_CAPITALISED = [
  'Kids & Family',
  'Home & Garden',
  'Health & Beauty',
  'Food & Drink',
  'Arts & Crafts',
  'Sports & Outdoors',
  'Travel & Leisure',
  'Action & Adventure',
  'Mystery & Suspense',
  'Science Fiction',
  'Rock and Roll',
  'Hip Hop',
  'Jazz Night',
  'Charity Bake Sale',
  'Town Hall',
  'Summer Party',
  'Sustainability Week',
  'Employee of the Month',
  'Accounts Payable',
  'Month-End Close',
  'Internal Audit',
  'Treasury',
  'Quarter Close',
  'Wellbeing Day',
  'Book Club',
  'Fun Run',
  'Open Day',
  'Black Friday',
  'Cyber Monday',
  'Happy Hour',
];

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Lower-cases text and labelled values alike, as people type in chat. */
function lowerParts(parts: readonly Part[]): Part[] {
  return parts.map((p) =>
    typeof p === 'string' ? p.toLowerCase() : isPii(p) ? pii(p.type, p.value.toLowerCase()) : p,
  );
}

export class Conversation {
  constructor(private readonly ctx: GenContext) {}

  /** How a colleague names a person: mostly the first name, sometimes the surname or both. */
  casual(p: Person): Pii {
    const ctx = this.ctx;
    return ctx.rng.weighted<() => Pii>([
      [() => pii('NAME', p.first), 5],
      [() => pii('NAME', p.last), 2],
      [() => pii('NAME', `${p.first} ${p.last}`), 3],
      [() => ctx.name(p), 1],
    ])();
  }

  /** "Mr Okafor", "Dr. Sato": the title stays outside the span. */
  titled(p: Person): Part[] {
    return [`${p.title} `, pii('NAME', p.last)];
  }

  /** A town or country on its own, which the policy leaves readable. */
  place(): string {
    const f = this.ctx.faker;
    return this.ctx.rng.weighted<() => string>([
      [() => f.location.city(), 6],
      [() => f.location.country(), 3],
      [() => f.location.state(), 1],
    ])();
  }

  plain(): string {
    const ctx = this.ctx;
    return ctx.rng.weighted<() => string>([
      [() => ctx.pick(PLAIN_CAPITALISED), 4],
      [() => ctx.faker.music.genre(), 1],
      [() => ctx.faker.music.songName(), 1],
      [() => ctx.faker.book.title(), 1],
      [() => ctx.product(), 1],
    ])();
  }

  /** "Ana, Tom, Priya and Lars" with every name labelled. */
  nameList(n: number, surnames = false): Part[] {
    const out: Part[] = [];
    for (let i = 0; i < n; i++) {
      const p = this.ctx.person();
      if (i > 0) out.push(i === n - 1 ? this.ctx.pick([' and ', ', and ', ' & ']) : ', ');
      out.push(pii('NAME', surnames ? p.last : p.first));
    }
    return out;
  }

  weekday(): string {
    return this.ctx.pick(WEEKDAYS);
  }

  /** One sentence of colleagues' running text. */
  sentence(): Part[] {
    const ctx = this.ctx;
    const p = ctx.person();
    const q = ctx.person();
    const c = ctx.company();
    switch (ctx.int(0, 17)) {
      case 0:
        return [
          this.casual(p),
          ` flew to ${this.place()} on ${this.weekday()} for the `,
          ctx.companyPii(c),
          ' audit.',
        ];
      case 1:
        return [
          ...this.titled(p),
          ` arrived in ${this.place()} this morning from ${this.place()}.`,
        ];
      case 2:
        return [
          this.casual(p),
          ctx.pick([' is very reliable', ' knows the file well', ' did a great job']),
          '; you can always ask ',
          this.casual(p),
          '.',
        ];
      case 3:
        return ['Welcome to our new joiners: ', ...this.nameList(ctx.int(2, 6)), '!'];
      case 4:
        return [
          ...this.nameList(2, true),
          ctx.pick([' led the ', ' ran the ', ' prepared the ']),
          ctx.pick(['stock count', 'bank reconciliation', 'year-end review']),
          ` in ${this.place()}.`,
        ];
      case 5:
        return [
          this.casual(p),
          ' previously worked at ',
          ctx.companyPii(c),
          ' as assistant to ',
          ctx.name(q),
          '.',
        ];
      case 6:
        return [
          `The ${this.plain()} ${ctx.pick(['event', 'session', 'evening', 'stand'])} raised ${ctx.amount(5000)} for charity, thanks to `,
          this.casual(p),
          '.',
        ];
      case 7:
        return [
          this.casual(p),
          ` grew up in ${this.place()} and moved here from ${this.place()} last year.`,
        ];
      case 8:
        return [
          `Our book club is reading "${ctx.faker.book.title()}" this month; `,
          this.casual(p),
          ' chose it.',
        ];
      case 9:
        return [
          'Categories this quarter: ',
          `${this.plain()}, ${this.plain()} and ${this.plain()}.`,
        ];
      case 10:
        return [
          this.casual(p),
          ' will send the ',
          ctx.companyPii(c),
          ` engagement letter from ${this.place()}.`,
        ];
      case 11:
        return [
          'Can you call ',
          this.casual(p),
          ' on ',
          ctx.phone(),
          ' before ',
          this.weekday(),
          '?',
        ];
      case 12:
        return [
          'The meeting with ',
          ...this.titled(p),
          ' of ',
          ctx.companyPii(c),
          ` moved to ${this.weekday()}.`,
        ];
      case 13:
        return [
          'Thanks to ',
          this.casual(p),
          ' for covering ',
          ctx.pick(PLAIN_CAPITALISED),
          ' while ',
          this.casual(q),
          ` was in ${this.place()}.`,
        ];
      case 14:
        return [this.casual(p), ' lives at ', ctx.address(undefined, false), ' now.'];
      case 15:
        return [`We played ${ctx.faker.music.genre()} all night at the ${this.plain()} party.`];
      case 16:
        return [
          'Ask ',
          this.casual(p),
          ' or ',
          this.casual(q),
          '; they both know ',
          ctx.companyPii(c),
          '.',
        ];
      default:
        return [
          `Rooms in ${this.place()} are booked; `,
          this.casual(p),
          ' has the ',
          ctx.pick(['receipts', 'boarding passes', 'expense forms']),
          '.',
        ];
    }
  }

  /** One chat line "[time] Name: message", lower-cased now and then as people type. */
  chatLine(d: DocBuilder, speaker: Pii, time: boolean): void {
    const msg = this.sentence();
    const parts: Part[] = [
      time
        ? `[${String(this.ctx.int(8, 18)).padStart(2, '0')}:${String(this.ctx.int(0, 59)).padStart(2, '0')}] `
        : '',
      speaker,
      this.ctx.pick([': ', ':', ' - ', ' > ']),
      ...msg,
    ];
    d.line(...(this.ctx.chance(0.2) ? lowerParts(parts) : parts));
  }

  /** A paragraph of two to four sentences. */
  paragraph(d: DocBuilder): void {
    const n = this.ctx.int(2, 4);
    for (let i = 0; i < n; i++) {
      if (i > 0) d.text(' ');
      for (const part of this.sentence()) d.part(part);
    }
    d.blank();
  }
}
