import http from 'node:http';

/** A conditional GET's status, through node:http: fetch turns If-None-Match into a no-cache request of its own. */
export const revalidate = (url: string, token: string, etag: string) =>
  new Promise<number | undefined>((resolve, reject) =>
    http
      .get(url, { headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
      .on('error', reject),
  );
