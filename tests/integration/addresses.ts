/**
 * Requests from other loopback addresses (127.0.0.2, 127.0.0.3...): the sandbox sees each as
 * another client, as it would see people behind other IP addresses. fetch cannot choose its
 * source address, node:http can.
 */
import { request } from "node:http";
import type { CookieJar } from "../../server/conformance/oidc";

/** A request from `localAddress`, answered as a fetch Response (redirects not followed). */
export function fetchFrom(
  localAddress: string,
  url: string | URL,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? "GET", headers: init.headers, localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const headers = new Headers();
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            headers.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
          const status = res.statusCode ?? 500;
          resolve(
            new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), {
              status,
              headers,
            }),
          );
        });
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** Posts the sign-in form as the console's page does, from `localAddress`. */
export async function postLoginFrom(
  localAddress: string,
  sandboxUrl: string,
  jar: CookieJar,
  uid: string,
  email: string,
  password: string,
) {
  const res = await fetchFrom(localAddress, `${sandboxUrl}/interaction/${uid}/login`, {
    method: "POST",
    headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }).toString(),
  });
  jar.store(res);
  return res;
}
