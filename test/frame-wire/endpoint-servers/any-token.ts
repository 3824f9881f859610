/** Broken: any bearer token is accepted, only its presence is checked (caught by endpoint/auth-wrong). */
import { startPatched, TOKEN } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/auth-wrong";
export const start = () =>
  startPatched({
    request: (req) =>
      req.headers.authorization ? { ...req, headers: { ...req.headers, authorization: `Bearer ${TOKEN}` } } : req,
  });
