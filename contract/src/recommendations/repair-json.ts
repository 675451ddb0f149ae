/**
 * Best-effort repair of the JSON a language model writes: code fences, prose around the object, single quotes,
 * curly quotes, unquoted keys, trailing commas, and an answer cut off mid-way. Returns the parsed value, or
 * undefined when nothing sensible can be recovered. Never throws.
 */
export function repairJson(text: string): unknown {
  const body = unfence(text);
  const start = body.indexOf('{');
  if (start < 0) return undefined;
  const { out, stack, inString, safePoints } = rewrite(body.slice(start));
  const candidates = [close(out, stack, inString)];
  // A cut inside a member (a dangling key, half a number): fall back to the last complete member.
  for (let i = safePoints.length - 1; i >= 0 && candidates.length < 40; i--) {
    const point = safePoints[i] as SafePoint;
    candidates.push(close(out.slice(0, point.length), point.stack, false));
  }
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next, shorter candidate
    }
  }
  return undefined;
}

/** The inside of the first ``` fence (an unclosed fence runs to the end), else the text itself. */
function unfence(text: string): string {
  const fence = /```[a-zA-Z]*[ \t]*\n?([\s\S]*?)(?:```|$)/.exec(text);
  return fence && fence[1]?.includes('{') ? fence[1] : text;
}

interface SafePoint {
  length: number;
  stack: string[];
}

const CLOSER: Record<string, string> = { '{': '}', '[': ']' };
const JSON_ESCAPES = '"\\/bfnrtu';
const OPEN_QUOTES = new Set(['"', "'", '\u201c', '\u201d']);

function rewrite(src: string) {
  let out = '';
  const stack: string[] = [];
  const safePoints: SafePoint[] = [];
  let quote: string | null = null; // the character that opened the current string
  let escaped = false;

  // Scans back over whitespace only: regexes anchored at the end would rescan the whole output each time.
  const lastSignificant = () => {
    let i = out.length - 1;
    while (i >= 0 && /\s/.test(out[i] as string)) i--;
    return i;
  };
  const dropTrailingComma = () => {
    const i = lastSignificant();
    if (out[i] === ',') out = out.slice(0, i);
  };

  for (let i = 0; i < src.length; i++) {
    const ch = src[i] as string;
    if (quote !== null) {
      if (escaped) {
        // Keep JSON's escapes; drop the backslash of any other (\' is common in single-quoted text).
        out += JSON_ESCAPES.includes(ch) ? `\\${ch}` : ch;
        escaped = false;
      } else if (ch === '\\') escaped = true;
      else if (ch === quote || (quote === '\u201c' && ch === '\u201d')) {
        out += '"';
        quote = null;
      } else if (ch === '"') out += '\\"';
      else if (ch === '\n') out += '\\n';
      else if (ch === '\r') out += '';
      else if (ch === '\t') out += '\\t';
      else out += ch;
      continue;
    }
    if (OPEN_QUOTES.has(ch)) {
      quote = ch;
      out += '"';
    } else if (ch === '{' || ch === '[') {
      stack.push(ch);
      out += ch;
    } else if (ch === '}' || ch === ']') {
      dropTrailingComma();
      stack.pop();
      out += CLOSER[ch === '}' ? '{' : '['];
      if (stack.length === 0) break; // the object is complete; ignore any prose after it
    } else if (ch === ',') {
      safePoints.push({ length: lastSignificant() + 1, stack: [...stack] });
      out += ch;
    } else if (
      /[A-Za-z_$]/.test(ch) &&
      stack[stack.length - 1] === '{' &&
      /[{,]/.test(out[lastSignificant()] ?? '')
    ) {
      // An unquoted key: read the identifier and quote it.
      const match = /^[A-Za-z_$][\w$-]*/.exec(src.slice(i)) as RegExpExecArray;
      out += JSON.stringify(match[0]);
      i += match[0].length - 1;
    } else out += ch;
  }
  return { out, stack, inString: quote !== null, safePoints };
}

function close(out: string, stack: string[], inString: boolean): string {
  let text = inString ? `${out.replace(/\\$/, '')}"` : out;
  text = text.replace(/\s+$/, '');
  if (text.endsWith(':')) text += ' null';
  text = text.replace(/,$/, '');
  for (let i = stack.length - 1; i >= 0; i--) text += CLOSER[stack[i] as string];
  return text;
}
