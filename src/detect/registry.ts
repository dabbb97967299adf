/**
 * The recognizer registry: which recognizers exist and which of them serve a set of entity
 * types. The engine asks it; adding a recognizer is adding it to PATTERN_RECOGNIZERS (or, for
 * the model, `add`-ing it at start-up).
 */
import type { EntityType } from '../domain/entityTypes.js';
import type { Recognizer } from './recognizer.js';
import { creditCardRecognizer } from './recognizers/creditCard.js';
import { emailRecognizer } from './recognizers/email.js';
import { phoneRecognizer } from './recognizers/phone.js';
import { ssnRecognizer } from './recognizers/ssn.js';
import { urlRecognizer } from './recognizers/url.js';
import { abaRoutingRecognizer } from './recognizers/bank/abaRouting.js';
import { accountNumberRecognizer } from './recognizers/bank/accountNumber.js';
import { ibanRecognizer } from './recognizers/bank/iban.js';
import { sortCodeRecognizer } from './recognizers/bank/sortCode.js';
import { giroNumberRecognizer } from './recognizers/bank/giroNumber.js';
import { australasianAccountRecognizer } from './recognizers/bank/australasianAccount.js';
import { aadhaarRecognizer } from './recognizers/tax/aadhaar.js';
import { dutchBsnRecognizer } from './recognizers/tax/dutchBsn.js';
import { frenchNirRecognizer } from './recognizers/tax/frenchNir.js';
import { indianPanRecognizer } from './recognizers/tax/indianPan.js';
import { itinRecognizer } from './recognizers/tax/itin.js';
import { spanishDniRecognizer } from './recognizers/tax/spanishDni.js';
import { steuerIdRecognizer } from './recognizers/tax/steuerId.js';
import { ukNinoRecognizer } from './recognizers/tax/ukNino.js';
import { ocrTolerant } from './recognizers/ocrDigitRepair.js';
import { bankNameRecognizer } from './recognizers/bankNames.js';
import { companyFormsRecognizer } from './recognizers/companyForms.js';
import { splitIdentifiersRecognizer } from './recognizers/splitIdentifiers.js';
import { transactionPartyRecognizer } from './recognizers/transactionParties.js';
import {
  recipientCompanyRecognizer,
  recipientNameRecognizer,
} from './recognizers/recipientLines.js';
import { registeredNameRecognizer } from './recognizers/registeredNames.js';
import { addressFieldRecognizer } from './recognizers/addressFields.js';
import { partyFieldRecognizer, personFieldRecognizer } from './recognizers/partyFields.js';

export const PATTERN_RECOGNIZERS: readonly Recognizer[] = [
  emailRecognizer,
  urlRecognizer,
  phoneRecognizer,
  ssnRecognizer,
  creditCardRecognizer,
  ibanRecognizer,
  accountNumberRecognizer,
  sortCodeRecognizer,
  giroNumberRecognizer,
  australasianAccountRecognizer,
  abaRoutingRecognizer,
  itinRecognizer,
  ukNinoRecognizer,
  indianPanRecognizer,
  aadhaarRecognizer,
  steuerIdRecognizer,
  frenchNirRecognizer,
  spanishDniRecognizer,
  dutchBsnRecognizer,
  companyFormsRecognizer,
  bankNameRecognizer,
  transactionPartyRecognizer,
  recipientCompanyRecognizer,
  recipientNameRecognizer,
  registeredNameRecognizer,
  addressFieldRecognizer,
  personFieldRecognizer,
  partyFieldRecognizer,
  // IBANs and card numbers split by a line break or a column gap, joined where their check holds.
  splitIdentifiersRecognizer,
  // Scanned digits misread as look-alike letters, where the value's own checks still hold.
  ocrTolerant(creditCardRecognizer),
  ocrTolerant(ibanRecognizer),
  ocrTolerant(ssnRecognizer),
  ocrTolerant(phoneRecognizer),
];

export class RecognizerRegistry {
  private readonly recognizers: Recognizer[];

  constructor(recognizers: readonly Recognizer[] = PATTERN_RECOGNIZERS) {
    this.recognizers = [...recognizers];
  }

  add(recognizer: Recognizer): void {
    if (this.recognizers.some((r) => r.name === recognizer.name)) {
      throw new Error(`a recognizer named ${recognizer.name} is already registered`);
    }
    this.recognizers.push(recognizer);
  }

  /** Recognizers that can find at least one of `types`. */
  forTypes(types: readonly EntityType[]): Recognizer[] {
    return this.recognizers.filter((r) => r.types.some((t) => types.includes(t)));
  }

  all(): readonly Recognizer[] {
    return this.recognizers;
  }
}
