import { generatedLegalForms } from '../../src/domain/vocabulary.js';
import { defineFamily } from '../core/docTemplate.js';
import { pii } from '../core/goldDocument.js';
import { footer, letterhead, signature } from '../blocks/partyBlocks.js';
import { keyValues, textTable, type Cell } from '../blocks/textTable.js';
import type { GenContext } from '../core/genContext.js';
import type { Part } from '../core/docBuilder.js';

function idField(ctx: GenContext): [string, Part] {
  if (ctx.locale === 'en_US' && ctx.chance(0.7)) {
    return [ctx.pick(['SSN', 'Social Security Number', 'SSN/TIN']), ctx.ssn()];
  }
  const id = ctx.personalTaxId();
  return [id.label, id.value];
}

export const kycFormTemplates = defineFamily('kyc_form', [
  {
    name: 'address-proof-request',
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const me = ctx.person();
      letterhead(d, ctx, bank);
      d.add`${ctx.date()}\n\n${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      d.add`Dear ${me.title} ${pii('NAME', me.last)},\n\n`;
      d.add`{Mail sent to you|Our letter} at the address above was returned {undelivered|as undeliverable}. ${ctx.chance(0.5) ? 'To keep your account active' : `To comply with ${ctx.regulator()} requirements`}, please {send|upload} a proof of address dated within three months `;
      d.add`({utility bill|bank statement|tax notice}) to ${ctx.roleEmail(bank.company)} or {visit|at} ${ctx.url(bank.company)}.\n`;
      d.add`If you have moved, {tell us|let us know} your new address and phone number; we currently hold ${ctx.phone()} and ${ctx.email(me)}.\n`;
      signature(d, ctx, bank.contact, bank);
    },
  },
  {
    name: 'corporate-account-opening',
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const company = ctx.party();
      d.heading(
        ctx.pick([
          'Business Account Opening - Entity Details',
          'CORPORATE KYC FORM',
          'Non-individual account application',
        ]),
      );
      d.line(
        `To: `,
        ctx.companyPii(bank.company),
        `, ${ctx.pick(['Corporate Banking', 'Business Banking', 'Branch'])}`,
      );
      keyValues(d, ctx, [
        ['Name of entity', ctx.companyPii(company.company)],
        [
          'Constitution',
          ctx.pick([
            'Private Limited Company',
            'Partnership',
            ...generatedLegalForms(ctx.locale).map(([form]) => form),
          ]),
        ],
        ['Registered office', ctx.address(company.address, false)],
        ['Principal place of business', ctx.address(undefined, false)],
        [ctx.taxId().label, ctx.taxId().value],
        ['Website', ctx.url(company.company)],
        ['Office phone', ctx.phone()],
      ]);
      d.line('Directors / authorised signatories:');
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 4); i++) {
        const p = ctx.person();
        rows.push([
          ctx.name(p),
          ctx.pick(['Director', 'Partner', 'CFO', 'Signatory']),
          ctx.phone(),
          ctx.email(p, company.company),
          ctx.chance(0.3) ? ctx.ssn() : 'n/a',
        ]);
      }
      textTable(d, ctx, ['Name', 'Designation', 'Mobile', 'E-mail', 'US TIN (FATCA)'], rows);
      d.add`\nMode of operation: {any one|jointly by two}. Declared under ${ctx.law()}.\n`;
    },
  },
  {
    name: 'account-opening-form',
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const me = ctx.person();
      const employer = ctx.party();
      letterhead(d, ctx, bank);
      d.heading(
        ctx.pick([
          'Account Opening Form - Individual',
          'KYC APPLICATION FORM',
          'Customer Information Form',
        ]),
      );
      d.line(`Application No. ${ctx.ref('APP')}    Branch code ${ctx.rng.digits(4)}`);
      d.line(
        `Title: ${ctx.pick(['☒ Mr ☐ Ms ☐ Mrs', '☐ Mr ☒ Ms ☐ Mrs', '[x] Mr [ ] Ms', 'Mr/Ms/Dr'])}`,
      );
      keyValues(d, ctx, [
        ['First name', pii('NAME', me.first)],
        ['Surname', pii('NAME', me.last)],
        ['Date of birth', ctx.date()],
        idField(ctx),
        ['Residential address', ctx.address(undefined, ctx.chance(0.5))],
        ['Mobile', ctx.phone()],
        ['Landline', ctx.phone()],
        ['E-mail', ctx.email(me)],
        [
          'Occupation',
          ctx.pick(['Salaried', 'Self-employed', 'Business owner', 'Retired', 'Consultant']),
        ],
        ['Employer', ctx.companyPii(employer.company)],
        ['Employer address', ctx.address(employer.address, false)],
        ['Annual income', ctx.amount(500000)],
        [
          'Source of funds',
          ctx.pick(['Salary', 'Business income', 'Inheritance', 'Sale of property']),
        ],
      ]);
      // FATCA self-certification puts US SSNs into account forms in every country.
      if (ctx.locale !== 'en_US' && ctx.chance(0.4))
        d.add`FATCA: US citizen or US tax resident - Yes. US TIN/SSN: ${ctx.ssn()}\n`;
      d.add`\nPolitically exposed person: ${ctx.pick(['No', 'NO', 'Yes'])}. Nominee: ${ctx.name()} (${ctx.pick(['spouse', 'son', 'daughter', 'mother', 'brother'])}).\n`;
      d.add`I declare that the information above is true and I {consent|agree} to verification under ${ctx.law()}.\n`;
      d.add`Signature of applicant: ____________   Name: ${ctx.name(me)}   Date: ${ctx.date()}\n`;
      footer(d, ctx, bank);
    },
  },
  {
    name: 'kyc-update-letter',
    render(d, ctx) {
      const bank = ctx.party({ bank: true });
      const me = ctx.person();
      letterhead(d, ctx, bank);
      d.add`${ctx.date()}\n\n${ctx.name(me)}\n${ctx.address(undefined, true)}\n\n`;
      d.add`Dear ${me.title} ${pii('NAME', me.last)},\n\n`;
      d.add`{Periodic update of|Updating} your KYC {records|documents} is {mandatory|required} under the guidelines of ${ctx.regulator()}. `;
      d.add`Our records show your {registered|current} mobile number as ${ctx.phone()} and e-mail as ${ctx.email(me)}. `;
      d.add`{Please|Kindly} {visit|go to} ${ctx.url(bank.company)} or your branch at ${ctx.address(bank.address, false)} before ${ctx.date()} to {update|confirm} these details.\n\n`;
      d.add`Failure to {comply|do so} may {result in|lead to} restrictions on your account. ${ctx.nameLikeSentence()}\n`;
      signature(d, ctx, bank.contact, bank);
    },
  },
  {
    name: 'beneficial-owner-declaration',
    render(d, ctx) {
      const company = ctx.party();
      const bank = ctx.party({ bank: true });
      d.heading(
        ctx.pick([
          'Declaration of Beneficial Ownership',
          'BENEFICIAL OWNERSHIP CERTIFICATION',
          'Ultimate Beneficial Owner (UBO) Declaration',
        ]),
      );
      d.add`Submitted to: ${ctx.companyPii(bank.company)}\n\n`;
      keyValues(d, ctx, [
        ['Legal name of entity', ctx.companyPii(company.company)],
        ['Registered address', ctx.address(company.address, false)],
        [ctx.taxId().label, ctx.taxId().value],
        ['Website', ctx.url(company.company)],
        ['Telephone', ctx.phone()],
      ]);
      d.blank();
      const rows: Cell[][] = [];
      for (let i = 0; i < ctx.int(2, 4); i++) {
        rows.push([
          ctx.name(),
          ctx.pick(['Indian', 'British', 'German', 'French', 'Spanish', 'US']),
          ctx.percent(),
          ctx.address(undefined, false),
        ]);
      }
      textTable(d, ctx, ['Name', 'Nationality', 'Ownership', 'Residential address'], rows);
      d.add`\nControlling person: ${ctx.name(company.contact)}, ${ctx.pick(['Director', 'CEO', 'Managing Partner'])}, ${ctx.email(company.contact, company.company)}.\n`;
      d.add`This declaration is {made|given} for the purposes of ${ctx.law()}.\n`;
    },
  },
  {
    name: 'cdd-review-memo',
    render(d, ctx) {
      const client = ctx.party();
      const analyst = ctx.person();
      d.heading(
        ctx.pick(['Customer Due Diligence - Review Memo', 'CDD / EDD REVIEW', 'KYC Refresh Note']),
      );
      d.line(
        `Case: ${ctx.ref('CASE')}    Risk rating: ${ctx.pick(['Low', 'Medium', 'High', 'Amber'])}    Date: ${ctx.date()}`,
      );
      d.add`Prepared by: ${ctx.name(analyst)} (${ctx.email(analyst)})\n\n`;
      d.add`Client ${ctx.companyPii(client.company)}, {located at|registered at|of} ${ctx.address(client.address, false)}, {was reviewed|has been reviewed} following {an adverse media hit|a change in ownership|the periodic review cycle}. `;
      d.add`The {director|principal|authorised signatory} ${ctx.name(client.contact)} was {contacted|reached} on ${ctx.phone()}. `;
      const screening = ctx.chance(0.5)
        ? 'returned no matches'
        : `returned a false positive for a public figure, ${ctx.publicFigure()}`;
      d.add`Screening against sanctions lists ${screening}. `;
      d.add`Transactions of ${ctx.amount(900000)} {in the period|this quarter} are consistent with the stated business.\n\n`;
      d.add`Recommendation: {retain|continue the relationship|escalate to MLRO}. Reference: ${ctx.regulator()} guidance, ${ctx.law()}.\n`;
    },
  },
]);
