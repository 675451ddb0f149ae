import type { RequestHandler } from 'express';
import { isIP } from 'node:net';

/**
 * Firebase mode: `req.ip` (what the rate limits key on) becomes the address in the named header, which the
 * front end sets itself. Without a usable one it stays the socket's address, never a caller-chosen value.
 */
export function clientAddressFromHeader(header: string): RequestHandler {
  return (req, _res, next) => {
    const given = req.headers[header];
    const address = typeof given === 'string' ? given.trim() : undefined;
    if (address && isIP(address)) Object.defineProperty(req, 'ip', { value: address, configurable: true });
    next();
  };
}
