import type { DocBuilder } from '../core/docBuilder.js';
import type { GenContext } from '../core/genContext.js';
import type { Locale } from '../values/locales.js';

/**
 * Terms, opening hours and legal notices in the document's own language, with no personal data:
 * continental invoices carry such small print, and the model tagged its ordinary words as names,
 * companies and addresses ("vous trouverez", "du Lundi au", "Artikel", "je").
 */
const FINE_PRINT: Partial<Record<Locale, readonly string[]>> = {
  fr: [
    'Vous trouverez {au verso|ci-joint|en annexe} nos conditions générales de {vente|service}.',
    'Notre service client est joignable du {lundi|Lundi} au {vendredi|samedi|Samedi}, de {8h|9h} à {18h|20h}{, et le dimanche de 10h à 16h|}.',
    'En cas de retard de paiement, une indemnité forfaitaire de 40 € pour frais de recouvrement sera exigée{ (art. L441-10 du Code de commerce)|}.',
    "Pas d'escompte pour paiement anticipé.",
    'TVA non applicable, art. 293 B du CGI.',
    'Sur votre {espace client|compte en ligne}, retrouvez {le détail de vos consommations|vos factures et le lien de paiement|leur historique}.',
    "Les {prix|montants} s'entendent {hors taxes|toutes taxes comprises} et {en euros|franco de port}.",
    "Conformément à la réglementation, vous disposez d'un droit d'accès, de rectification et d'opposition sur vos données.",
    'Pour toute réclamation, {contactez-nous|écrivez-nous} en précisant {la référence|le numéro} de {la facture|votre contrat}.',
    'Le prélèvement sera effectué {le|vers le} {5|10|15} du mois suivant.',
    'Au verso : {modalités de paiement|informations utiles|vos droits et recours}.',
    'Cette facture {tient lieu de|vaut} {reçu|bon de livraison}{ après encaissement|}.',
    'Tout litige relève de la compétence exclusive du tribunal de commerce.',
    'Clause de réserve de propriété : les marchandises restent notre propriété jusqu’au paiement intégral.',
  ],
  nl: [
    'Alle prijzen zijn inclusief {btw|21% btw}{ en thuiskopieheffing| en verwijderingsbijdrage|}.',
    'Alles over je {bestelling|levering|retour} lees je {op onze website|in je account|in de app}.',
    'Artikel {retourneren|ruilen} kan binnen {14|30} dagen na ontvangst.',
    'Betaling binnen {14|30} dagen na factuurdatum{ onder vermelding van het factuurnummer|}.',
    'Op al onze {leveringen|diensten} zijn de algemene voorwaarden van toepassing.',
    'Heb je een vraag? Onze klantenservice is {op werkdagen|maandag tot en met zaterdag} bereikbaar van {8.00|9.00} tot {18.00|20.00} uur.',
    'Garantie: {2 jaar|1 jaar} {fabrieksgarantie|op onderdelen en arbeid}.',
    'Bewaar deze factuur{, hij geldt als garantiebewijs|}.',
    'Thuiskopie: in de prijs is een heffing voor de thuiskopievergoeding opgenomen.',
    'Wij danken u voor uw vertrouwen en zien uw volgende bestelling graag tegemoet.',
    'Bij niet tijdige betaling zijn wij genoodzaakt de wettelijke rente in rekening te brengen.',
  ],
  de: [
    'Zahlbar innerhalb von {14|30} Tagen ohne Abzug.',
    'Es gelten unsere Allgemeinen Geschäftsbedingungen{, einsehbar auf unserer Webseite|}.',
    'Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.',
    'Leistungsdatum entspricht dem Rechnungsdatum.',
    'Unser Kundenservice ist {Montag bis Freitag|werktags} von {8|9} bis {18|20} Uhr erreichbar.',
    'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.',
    'Bitte geben Sie bei Zahlung die Rechnungsnummer an.',
    'Reklamationen können nur innerhalb von {8|14} Tagen nach Erhalt der Ware berücksichtigt werden.',
    'Vielen Dank für Ihren Auftrag{ und Ihr Vertrauen|}.',
    'Hinweise zum Datenschutz finden Sie {auf der Rückseite|in unserer Datenschutzerklärung}.',
  ],
  es: [
    'Forma de pago: transferencia bancaria a {30|60} días fecha factura.',
    'Le recordamos que puede consultar sus facturas en {su área de cliente|nuestra web}.',
    'Atención al cliente de lunes a {viernes|sábado}, de {9|8} a {18|20} h.',
    'Los precios incluyen {IVA|el IVA vigente} salvo indicación contraria.',
    'En cumplimiento de la normativa de protección de datos, puede ejercer sus derechos de acceso, rectificación y supresión.',
    'La mercancía viaja por cuenta y riesgo del comprador.',
    'Gracias por su confianza.',
    'Para cualquier reclamación, indique el número de factura.',
    'Factura exenta de IVA según el artículo 20 de la Ley del IVA.',
  ],
};

/** Share of continental documents that end in such small print. */
const FINE_PRINT_RATE = 0.35;

/** Appends one to three sentences of small print in the document's language, sometimes. */
export function maybeFinePrint(d: DocBuilder, ctx: GenContext): void {
  const pool = FINE_PRINT[ctx.locale];
  if (!pool || !ctx.chance(FINE_PRINT_RATE)) return;
  d.text('\n\n');
  const n = ctx.int(1, 3);
  for (let i = 0; i < n; i++) {
    d.phrase(ctx.pick(pool));
    d.text(ctx.chance(0.5) ? '\n' : ' ');
  }
}
