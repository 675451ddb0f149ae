import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { createApp } from './app';
import { createTokenService } from './http/tokens';
import { loadConfig } from './config';
import { sweepOrphanUploads } from './files/orphan-sweep';
import { ensurePrivateDir, makeFilesPrivate } from './store/private-paths';
import { answerClientErrorsAsJson } from './http/client-errors';
import { openSqliteStore } from './store/embedded/sqlite-store';
import { guideJobsFor, resumeUnwrittenGuides } from './trips/guide-jobs';

/** The embedded signing secret: generated once, kept beside the database so sessions survive restarts. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file))
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  makeFilesPrivate(file);
  return fs.readFileSync(file, 'utf8').trim();
}

function main() {
  const loaded = loadConfig();
  ensurePrivateDir(loaded.dataDir);
  // One kept secret signs sessions and image links alike, so both survive a restart.
  const config = { ...loaded, jwtSecret: loaded.jwtSecret ?? embeddedSecret(loaded.dataDir) };
  const logger = pino({ level: config.logLevel });
  const store = openSqliteStore(path.join(config.dataDir, 'wayfare.db'));
  const tokens = createTokenService(config.jwtSecret, config.tokenTtlSeconds);
  const webDist = fs.existsSync(path.join(config.webDist, 'index.html')) ? config.webDist : undefined;
  if (!webDist)
    logger.warn({ webDist: config.webDist }, 'web app not built: serving /api only (run npm run build)');

  void sweepOrphanUploads(path.join(config.dataDir, 'uploads'), store).then(
    (removed) => removed && logger.info({ removed }, 'removed orphaned upload files'),
    (err: unknown) => logger.warn({ err }, 'could not sweep orphaned upload files'),
  );
  // Guides are written in this process; those a stopped server left 'writing' are written again now.
  const guides = guideJobsFor(config, store, logger);
  void resumeUnwrittenGuides(store, guides).then(
    (resumed) => resumed && logger.info({ resumed }, 'writing the guides a stopped server left unwritten'),
    (err: unknown) => logger.warn({ err }, 'could not resume unwritten guides'),
  );
  const app = createApp({ config, store, tokens, logger, webDist, guides });
  const server = app.listen(config.port, () => {
    logger.info(
      { port: config.port, dataDir: config.dataDir },
      `Wayfare is running on http://localhost:${config.port}`,
    );
    // Started by a harness over IPC (e2e/support/server.ts): tell it the server answers now, so it need not poll.
    process.send?.('listening');
  });
  // Node ends a kept-alive socket keepAliveTimeout after handing off a response, even while a slow client is still
  // reading it (5 s by default): a phone draining a megabyte ledger answer would lose its tail.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  answerClientErrorsAsJson(server);
  server.on('error', (err) => {
    logger.fatal({ err }, 'could not start the server');
    process.exit(1);
  });

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close(() => void store.close().then(() => process.exit(0)));
    server.closeAllConnections();
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main();
