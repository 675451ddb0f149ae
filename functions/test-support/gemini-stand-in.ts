import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AiGuideAnswer } from '@wayfare/contract';

/** Sights of Lisbon, where the API and browser tests' trips go: near enough to the city to reach its map. */
export const LISBON_SIGHTS: AiGuideAnswer['attractions'] = [
  { name: 'Castelo de São Jorge', kind: 'historic', lat: 38.7139, lng: -9.1335 },
  { name: 'Jerónimos Monastery', kind: 'historic', lat: 38.6979, lng: -9.2068 },
];

/** The day plan the stand-in writes for day `n`: tests look for it on the page. */
export const standInDayPlan = (day: number) =>
  `Morning: Castelo de São Jorge, walk ${day}.\nEvening: Fado in Alfama.`;

export interface GeminiStandIn {
  /** What the API's GEMINI_BASE_URL is set to. */
  baseUrl: string;
  /** Requests received so far (answered or held). */
  readonly received: number;
  /** 'guide': a valid answer with as many days as the prompt asks for; 'fail': HTTP 500 (Gemini down). */
  mode: 'guide' | 'fail';
  /** When set, what the model "says" instead of a guide (a receipt scan's JSON, or a malformed answer). */
  text: string | null;
  /** The bodies of the requests received, parsed. */
  readonly bodies: unknown[];
  /** Holds every answer until release() (a slow Gemini). */
  hold(): void;
  /** Answers every held request, and the ones after, at once. */
  release(): void;
  /** Resolves once `count` requests have arrived. */
  receivedAtLeast(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local stand-in for Gemini's REST API (POST /v1beta/models/{model}:generateContent), which the real SDK is
 * pointed at through GEMINI_BASE_URL: a guide for the asked number of days, or a failure, at once or when released.
 */
export async function startGeminiStandIn(): Promise<GeminiStandIn> {
  let held: Array<() => void> | null = null;
  let received = 0;
  let arrivals: Array<{ count: number; resolve: () => void }> = [];
  const state = { mode: 'guide' as GeminiStandIn['mode'], text: null as string | null };
  const bodies: unknown[] = [];

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received += 1;
      bodies.push(JSON.parse(raw || 'null'));
      arrivals = arrivals.filter((waiter) => (waiter.count <= received ? (waiter.resolve(), false) : true));
      const answer = () => {
        if (state.mode === 'fail') {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: 500, message: 'stand-in failure', status: 'INTERNAL' } }));
          return;
        }
        const days = Number(/exactly (\d+) days/.exec(raw)?.[1] ?? 1);
        const guide: AiGuideAnswer = {
          itinerary: Array.from({ length: days }, (_, i) => ({
            day: i + 1,
            day_plan: standInDayPlan(i + 1),
            food: 'Bacalhau at a tasca.',
          })),
          budget: 'About $120 per person per day.',
          packing: 'Comfortable shoes for the hills.',
          transportation: 'Tram 28 and the metro.',
          cultural_tips: 'Lunch is late.',
          safety_considerations: 'Emergency: 112.',
          attractions: LISBON_SIGHTS,
        };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            candidates: [
              {
                content: { role: 'model', parts: [{ text: state.text ?? JSON.stringify(guide) }] },
                finishReason: 'STOP',
                index: 0,
              },
            ],
          }),
        );
      };
      if (held) held.push(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get received() {
      return received;
    },
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    get text() {
      return state.text;
    },
    set text(text) {
      state.text = text;
    },
    bodies,
    hold() {
      held ??= [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((answer) => answer());
    },
    receivedAtLeast(count) {
      if (received >= count) return Promise.resolve();
      return new Promise((resolve) => arrivals.push({ count, resolve }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
