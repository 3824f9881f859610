/** Broken: a router that answers 404 to every method it has no route for (caught by endpoint/other-methods). */
import { startPatched } from "./_proxy.js";
export const caughtBy = "frame-wire/endpoint/other-methods";
export const start = () =>
  startPatched({
    intercept: (req, res) => {
      if (req.method === "POST") return false;
      res.writeHead(404, { "content-type": "text/plain" }).end("Cannot " + req.method);
      return true;
    },
  });
