/** Broken: 401 without WWW-Authenticate (caught by endpoint/auth-missing). */
import { startPatched } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/auth-missing";
export const start = () =>
  startPatched({
    head: (status, headers) => {
      const { "www-authenticate": _dropped, ...rest } = headers;
      return { status, headers: status === 401 ? rest : headers };
    },
  });
