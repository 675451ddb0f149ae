import { JSONRepairError, jsonrepair } from 'jsonrepair';

/**
 * Best-effort repair of the JSON a language model writes: code fences, prose around the object, single quotes,
 * curly quotes, unquoted keys, trailing commas, and an answer cut off mid-way. Returns the parsed value, or
 * undefined when nothing sensible can be recovered. Never throws, and runs in time linear in the text: the
 * repair is jsonrepair's single pass, tried at most twice.
 */
export function repairJson(text: string): unknown {
  const body = unfence(text);
  const start = body.indexOf('{');
  if (start < 0) return undefined;
  let candidate = body.slice(start);
  // Prose after the object stops the repair where it starts: keep what came before and repair that once more.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return JSON.parse(jsonrepair(candidate));
    } catch (err) {
      if (!(err instanceof JSONRepairError) || err.position <= 0) return undefined;
      candidate = candidate.slice(0, err.position);
    }
  }
  return undefined;
}

/** The inside of the first ``` fence (an unclosed fence runs to the end), else the text itself. */
function unfence(text: string): string {
  const fence = /```[a-zA-Z]*[ \t]*\n?([\s\S]*?)(?:```|$)/.exec(text);
  return fence && fence[1]?.includes('{') ? fence[1] : text;
}
