/**
 * IBAN checks of ISO 13616: the country's length and the mod-97 check digits. Written here rather than taken from a
 * package: the check is a few lines, and the contract loads in the browser, where a full IBAN library's per-country
 * tables of bank-code formats would add weight for a field most people leave empty.
 */

/**
 * IBAN lengths by country, as the SWIFT IBAN registry publishes them (with the French and Finnish territories that
 * use their country's format under their own code). Cross-checked against ibantools 4.5.4's table.
 */
const IBAN_LENGTHS = new Map(
  [
    'AD24 AE23 AL28 AT20 AX18 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27',
    'DK18 DO28 EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GF27 GI23 GL18 GP27 GR27 GT28 HN28 HR21',
    'HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22',
    'MF27 MK19 MN20 MQ27 MR27 MT31 MU30 NC27 NI28 NL18 NO15 OM23 PF27 PK24 PL28 PM27 PS29 PT25 QA29',
    'RE27 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TF27 TL23 TN24 TR26 UA29',
    'VA22 VG24 WF27 XK20 YE30 YT27',
  ]
    .join(' ')
    .split(' ')
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))] as const),
);

/** The IBAN as it is transmitted: spaces and dashes dropped, upper case ("de89 3704…" → "DE893704…"). */
export const electronicIban = (text: string) => text.replace(/[\s-]+/g, '').toUpperCase();

/** Why an IBAN (in electronic form) is not valid, in words a form can show; null when it is. */
export function ibanProblem(iban: string): string | null {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) {
    return 'Enter an IBAN: two letters, two check digits, then the account number';
  }
  const country = iban.slice(0, 2);
  const length = IBAN_LENGTHS.get(country);
  if (length === undefined) return `${country} is not a country that uses IBANs`;
  if (iban.length !== length) {
    return `An IBAN from ${country} has ${length} characters; this one has ${iban.length}`;
  }
  return mod97(iban) === 1 ? null : "This IBAN's check digits do not match: look for a mistyped character";
}

/**
 * ISO 7064 MOD 97-10 over the IBAN with its first four characters moved to the end and letters as 10–35, taken a few
 * digits at a time so the number never leaves the safe-integer range.
 */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder;
}
