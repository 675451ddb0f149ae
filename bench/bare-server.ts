// The yardstick for the API figures: a bare Express app answering a constant JSON on the same machine.
import express from 'express';

const app = express();
app.get('/constant', (_req, res) => {
  res.json({ ok: true, trips: [] });
});
app.listen(Number(process.env.PORT), '127.0.0.1');
