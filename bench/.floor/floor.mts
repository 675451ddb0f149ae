import express from 'express';
import fs from 'node:fs';
const answer = JSON.parse(fs.readFileSync('/tmp/floor/answer.json', 'utf8'));
const app = express();
app.use(express.json({ limit: '1mb' }));
app.post('/x', (req, res) => { const a = structuredClone(answer); a.expense.title = req.body.title; res.status(201).json(a); });
app.get('/constant', (_req, res) => { res.json({ ok: true, trips: [] }); });
app.listen(Number(process.env.PORT), '127.0.0.1');
