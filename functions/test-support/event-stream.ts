/** Reads an SSE response as parsed events, as the browser client does with fetch streaming. */
export function readEvents(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const received: Array<{ id?: string; event: string; data: string }> = [];
  let buffer = '';
  let ended = false;
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) break;
      buffer += value;
      let cut;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const fields = Object.fromEntries(
          block
            .split('\n')
            .filter((l) => !l.startsWith(':') && l.includes(':'))
            .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
        );
        if (fields.event || fields.data)
          received.push({ id: fields.id, event: fields.event ?? 'message', data: fields.data ?? '' });
      }
    }
    ended = true;
  })();
  return {
    received,
    get ended() {
      return ended;
    },
    async waitFor(predicate: (e: { event: string; data: string }) => boolean, timeoutMs = 1000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = received.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(received)}`);
    },
    cancel: () => reader.cancel().then(() => pump),
  };
}
