// One cold Cloud Functions instance, as near as Node gets: a fresh process loads the built function bundle and
// serves its `api` handler (firebase mode, on the Firestore emulator named in FIRESTORE_EMULATOR_HOST).
import http from 'node:http';
import express from 'express';

const { api } = await import(process.env.FUNCTION_BUNDLE);
const app = express();
app.use(api);
http.createServer(app).listen(Number(process.env.BENCH_PORT), '127.0.0.1');
