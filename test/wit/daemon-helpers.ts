/** Shared helpers of the Wit daemon tests: temporary roots, real daemon processes, raw HTTP. */
import http from "node:http";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readPid, startDaemonProcess, stopDaemonProcess } from "../../src/wit/client/lifecycle.js";
import { WIT_ENVELOPE } from "../../src/wit/protocol.js";
import { connectablePath } from "../../src/wit/socket-path.js";

const roots: string[] = [];

export function tempRoot(prefix = "wit-test-"): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  roots.push(root);
  return root;
}

export function removeTempRoots(): void {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
}

export const SOURCES = {
  "src/auth.ts":
    "export function validateToken(token: string): Promise<User | null> {\n  return decode(token);\n}\n\nfunction decode(t: string): Promise<User | null> {\n  return Promise.resolve(null);\n}\n",
  "src/api/routes.ts":
    'import { validateToken } from "../auth";\n\nexport function handleLogin(req: { token: string }) {\n  return validateToken(req.token);\n}\n',
  "py/pw.py":
    "def hash_pw(pw: str) -> str:\n    return pw[::-1]\n\n\ndef login(pw: str) -> bool:\n    return hash_pw(pw) == 'x'\n",
};

export interface DaemonProcess {
  root: string;
  socket: string;
  pid: number;
  stop(): Promise<void>;
}

/** A real daemon process started through the package bin (detached, logging to .wit/daemon.log). */
export async function spawnDaemon(root: string, env: Record<string, string | undefined> = {}): Promise<DaemonProcess> {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete merged[k];
  const started = await startDaemonProcess(root, { env: merged, timeoutMs: 60_000 });
  const pid = readPid(root);
  if (pid === null) throw new Error("daemon started without a pid file");
  return { root, socket: started.socket, pid, stop: async () => void (await stopDaemonProcess(root)) };
}

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function rawRequest(
  socket: string,
  options: { method?: string; path?: string; headers?: Record<string, string | number>; body?: string | Buffer },
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      socketPath: connectablePath(socket),
      method: options.method ?? "POST",
      path: options.path ?? "/rpc",
      headers: options.headers,
      agent: false,
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    req.end(options.body);
  });
}

export async function rpc(socket: string, body: unknown): Promise<any> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  const r = await rawRequest(socket, {
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) },
    body: text,
  });
  return r.body === "" ? undefined : JSON.parse(r.body);
}

export function request(method: string, params?: unknown, id: string | number = 1): Record<string, unknown> {
  return { jsonrpc: "2.0", ...WIT_ENVELOPE, id, method, ...(params === undefined ? {} : { params }) };
}
