import { toJSONSchema, z } from 'zod';
import { lazyGeminiClient } from '../ai/gemini-client';
import {
  isCurrencyCode,
  isoDateSchema,
  minorUnits,
  parseDecimalToMinor,
  repairJson,
  type ScannedItem,
  type ScannedReceipt,
} from '@wayfare/contract';

/**
 * What Gemini is asked for (its response schema, generated from this zod schema so the two cannot drift): amounts
 * as dot-decimal text as printed, which the server reads into minor units of the receipt's currency itself.
 */
export const geminiReceiptAnswerSchema = z.object({
  merchant: z.string().nullable().describe('The shop or restaurant name as printed, or null'),
  date: z.string().nullable().describe('The purchase date as yyyy-MM-dd, or null'),
  currency: z.string().nullable().describe('ISO 4217 code of the amounts, e.g. EUR, or null'),
  total: z.string().nullable().describe('The total paid, dot-decimal without symbols, e.g. 35.20, or null'),
  tax: z
    .string()
    .nullable()
    .describe('Tax added on top of the items (not tax already included in their prices), or null'),
  tip: z.string().nullable().describe('Tip or service charge added on top of the items, or null'),
  items: z
    .array(
      z.object({
        name: z.string().describe('The line as printed, translated to English when not in English'),
        amount: z.string().describe('The line total, dot-decimal'),
        quantity: z.number().int().nullable(),
      }),
    )
    .describe('Each purchased line, in order; not subtotals, taxes, tips, totals or payments'),
});
const { $schema: _dialect, ...RESPONSE_JSON_SCHEMA } = toJSONSchema(geminiReceiptAnswerSchema, {
  io: 'input',
});

export const RECEIPT_PROMPT =
  'Read this receipt photo. Answer with JSON only, matching the response schema: the merchant, the date, the ' +
  'currency, the total, any tax or tip added on top of the items, and every purchased line with its total. Use ' +
  'null for anything you cannot read; never guess amounts.';

/** A field of the answer when it is what the schema says, else null: a partial answer keeps what it got right. */
const field = <T>(schema: z.ZodType<T>, value: unknown): T | null => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * The model's text as a scanned receipt, reading each field on its own (a wrong field is null, a wrong item left
 * out); null when the text is not a JSON object at all.
 */
export function readReceiptAnswer(raw: string): ScannedReceipt | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = repairJson(raw);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const answer = value as Record<string, unknown>;
  const code = field(z.string().trim().toUpperCase(), answer.currency);
  const currency = code && isCurrencyCode(code) ? code : null;
  const digits = currency ? minorUnits(currency) : 2;
  const amount = (text: unknown) => {
    const typed = field(z.union([z.string(), z.number()]), text);
    return typed === null
      ? null
      : parseDecimalToMinor(typeof typed === 'string' ? typed.replace(/[^\d.]/g, '') : typed, digits);
  };
  const items = Array.isArray(answer.items) ? answer.items : [];
  return {
    merchant: field(z.string().trim().min(1).max(200), answer.merchant),
    date: field(isoDateSchema, answer.date),
    currency,
    total: amount(answer.total),
    tax: amount(answer.tax),
    tip: amount(answer.tip),
    items: items.slice(0, 200).flatMap((item): ScannedItem[] => {
      const line = field(z.object({ name: z.string().trim().min(1).max(120) }).loose(), item);
      const value = line && amount((item as { amount?: unknown }).amount);
      if (!line || !value) return [];
      const quantity = field(z.number().int().min(1).max(9999), (item as { quantity?: unknown }).quantity);
      return [{ name: line.name, amount: value, quantity }];
    }),
  };
}

export interface GeminiReceiptOptions {
  apiKey: string;
  model: string;
  baseUrl?: string;
  timeoutMs: number;
}

/** Gemini through Google's SDK: the photo inline, the response schema above; throws when it cannot answer usefully. */
export function geminiReceiptReader(options: GeminiReceiptOptions) {
  const sdk = lazyGeminiClient(options);
  return async (image: Buffer, mimeType: string): Promise<ScannedReceipt> => {
    const ai = await sdk();
    const response = await ai.models.generateContent({
      model: options.model,
      contents: [
        {
          role: 'user',
          parts: [{ inlineData: { mimeType, data: image.toString('base64') } }, { text: RECEIPT_PROMPT }],
        },
      ],
      config: {
        responseMimeType: 'application/json',
        responseJsonSchema: RESPONSE_JSON_SCHEMA,
        temperature: 0,
      },
    });
    const receipt = readReceiptAnswer(response.text ?? '');
    if (!receipt) throw new Error('Gemini answered no receipt');
    return receipt;
  };
}
