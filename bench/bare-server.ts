// The yardstick for the API figures: a bare Express app answering a constant JSON on the same machine, and, for
// answers of a size where the load driver's own reading costs count, a constant JSON body of a given size. For the
// writes (bench/writes.ts), the floor of a write: a POST whose JSON body Express parses, answered with a kept answer
// (one the API gave) serialized anew each time, with nothing else between.
import express from 'express';

const app = express();
app.get('/constant', (_req, res) => {
  res.json({ ok: true, trips: [] });
});
const sized = new Map<number, { text: string }>();
app.get('/sized/:bytes', (req, res) => {
  const bytes = Math.min(Number(req.params.bytes) || 0, 10_000_000);
  let body = sized.get(bytes);
  // {"text":"…"} is 11 characters around the text.
  if (!body) sized.set(bytes, (body = { text: 'x'.repeat(Math.max(0, bytes - 11)) }));
  res.json(body);
});
let kept: unknown = null;
app.put('/kept-answer', express.json({ limit: '1mb' }), (req, res) => {
  kept = req.body;
  res.status(204).end();
});
app.post('/kept-answer', express.json({ limit: '1mb' }), (_req, res) => {
  res.status(201).json(kept);
});
app.listen(Number(process.env.PORT), '127.0.0.1');
