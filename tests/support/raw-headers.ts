import { request as httpRequest } from "node:http";

/**
 * The header lines of a GET's answer as they were sent (node:http's rawHeaders: a header
 * sent twice is two entries, which fetch would join into one), names in lower case.
 */
export function rawHeaderLines(
  url: string,
  headers: Record<string, string> = {},
): Promise<[name: string, value: string][]> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const lines: [string, string][] = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        lines.push([res.rawHeaders[i].toLowerCase(), res.rawHeaders[i + 1]]);
      res.resume();
      res.on("end", () => resolve(lines));
    });
    req.on("error", reject);
    req.end();
  });
}
