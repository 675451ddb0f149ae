import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import { TRIP_IMAGE_MAX_BYTES } from '@wayfare/contract';
import { currentUser } from '../http/authenticate';
import { answerThenDiscardBody } from '../http/discard-body';
import { HttpError } from '../http/errors';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../store/private-paths';

/** The received file: on local disk until the request ends, then removed whatever happened. */
export interface ReceivedFile {
  path: string;
  size: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      upload?: ReceivedFile;
    }
  }
}

export interface UploadLimits {
  /** Folder for files being received (private, swept of leftovers at start-up). */
  incomingDir: string;
  /** Uploads one user may have in flight at once, and the whole server. */
  perUser: number;
  total: number;
  /** How long a whole multipart body may take to arrive; a slower one is answered 408 and its socket closed. */
  bodyTimeoutMs: number;
  maxBytes?: number;
  /** The multipart field the file travels in, and what the messages call it (trip images: `image`). */
  field?: string;
  /** The counts of uploads in flight, shared by receivers that draw on the same caps (uploadSlots()). */
  slots?: UploadSlots;
}

/** Uploads in flight, per user and in all. */
export interface UploadSlots {
  byUser: Map<string, number>;
  total: number;
}
export const uploadSlots = (): UploadSlots => ({ byUser: new Map(), total: 0 });

const tooBig = (field: string, maxBytes: number) =>
  new HttpError(413, `The ${field} must be at most ${maxBytes / 1024 / 1024} MB`);
const oneFile = (field: string) => `Send one ${field}, in the field named ${field}`;
const UNREADABLE = 'The upload could not be read. Please try again.';

/**
 * Receives a multipart form with at most one file, in field `image` (or the one given), streaming the file to disk (never whole into
 * memory) and the text fields into req.body; any other body passes through untouched. Uploads in flight are
 * capped per user and in total (429 beyond), and a body that has not fully arrived in time is refused (408).
 *
 * In the Cloud Functions runtime the body has already been read into `req.rawBody` before Express sees the
 * request, so the parser is fed from that buffer instead of the (empty) request stream.
 */
export function receiveUpload(limits: UploadLimits): RequestHandler {
  const { incomingDir, perUser, total, bodyTimeoutMs, maxBytes = TRIP_IMAGE_MAX_BYTES } = limits;
  const { field = 'image', slots = uploadSlots() } = limits;
  const inFlight = slots.byUser;

  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    const userId = currentUser(res).id;
    const mine = inFlight.get(userId) ?? 0;
    if (mine >= perUser || slots.total >= total) {
      answerThenDiscardBody(req, res);
      return next(new HttpError(429, 'Too many uploads in progress. Wait for one to finish and try again.'));
    }
    inFlight.set(userId, mine + 1);
    slots.total += 1;
    let received: ReceivedFile | undefined;
    let released = false;
    res.on('close', () => {
      if (released) return;
      released = true;
      slots.total -= 1;
      const left = (inFlight.get(userId) ?? 1) - 1;
      if (left > 0) inFlight.set(userId, left);
      else inFlight.delete(userId);
      if (received) fs.rm(received.path, { force: true }, () => undefined);
    });

    parseMultipart(req, { incomingDir, maxBytes, bodyTimeoutMs, field }, (file) => (received = file)).then(
      (fields) => {
        req.body = fields;
        if (received) res.locals.upload = received;
        next();
      },
      (err: unknown) => {
        const refusal = err instanceof HttpError ? err : new HttpError(400, UNREADABLE);
        // The rest of the body is not wanted. A body too slow to arrive is cut off with the answer; any other is
        // read and thrown away after it (bounded), so a client still sending gets the answer, not a reset.
        if (refusal.status === 408) res.setHeader('Connection', 'close');
        else answerThenDiscardBody(req, res);
        next(refusal);
      },
    );
  };
}

function parseMultipart(
  req: Request,
  {
    incomingDir,
    maxBytes,
    bodyTimeoutMs,
    field,
  }: Required<Pick<UploadLimits, 'incomingDir' | 'maxBytes' | 'bodyTimeoutMs' | 'field'>>,
  onFile: (file: ReceivedFile) => void,
): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = Object.create(null);
    const writes: Array<Promise<void>> = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
      });
    } catch {
      reject(new HttpError(400, UNREADABLE));
      return;
    }
    let failed = false;
    const fail = (err: HttpError) => {
      if (failed) return;
      failed = true;
      clearTimeout(timer);
      req.unpipe(parser);
      // Ends the file stream too, so the partial file's descriptor is closed (and the file removed). On the next
      // turn: busboy raises its limit events in the middle of a write and still touches the file stream after them.
      setImmediate(() => parser.destroy());
      reject(err);
    };
    const timer = setTimeout(
      () => fail(new HttpError(408, 'The upload took too long. Check your connection and try again.')),
      bodyTimeoutMs,
    );

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== field) {
        stream.resume();
        fail(new HttpError(400, oneFile(field)));
        return;
      }
      ensurePrivateDir(incomingDir);
      const file = { path: path.join(incomingDir, `${randomUUID()}.upload`), size: 0 };
      onFile(file);
      stream.on('data', (chunk: Buffer) => (file.size += chunk.length));
      stream.on('limit', () => fail(tooBig(field, maxBytes)));
      writes.push(
        pipeline(stream, fs.createWriteStream(file.path, { flags: 'wx', mode: PRIVATE_FILE_MODE })).catch(
          () => fail(new HttpError(400, UNREADABLE)),
        ),
      );
    });
    parser.on('filesLimit', () => fail(new HttpError(400, oneFile(field))));
    parser.on('partsLimit', () => fail(new HttpError(400, UNREADABLE)));
    parser.on('fieldsLimit', () => fail(new HttpError(400, UNREADABLE)));
    parser.on('error', () => fail(new HttpError(400, UNREADABLE)));
    parser.on('close', () => {
      void Promise.all(writes).then(() => {
        if (failed) return;
        clearTimeout(timer);
        resolve({ ...fields });
      });
    });

    const rawBody = (req as Request & { rawBody?: unknown }).rawBody;
    if (Buffer.isBuffer(rawBody)) parser.end(rawBody);
    else req.pipe(parser);
  });
}
