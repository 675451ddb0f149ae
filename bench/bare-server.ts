// The yardstick for the API figures: a bare Express app answering a constant JSON on the same machine, and, for
// answers of a size where the load driver's own reading costs count, a constant JSON body of a given size.
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
app.listen(Number(process.env.PORT), '127.0.0.1');
