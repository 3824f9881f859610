/**
 * A wrapping line proxy between conform and a real wright-agent host process, applying ONE fault
 * of faults.ts (test-only: this is how the suite is shown to catch broken servers).
 *
 *   node --import tsx proxy.ts <fault|none> -- <host command...> --transport <t>
 *
 * The transport is read from the host's own `--transport` argument. stdio exchanges run one at a
 * time (each non-blank line has exactly one reply, in order, so a fault may answer or re-ask
 * itself); JSON-RPC and MCP requests are correlated with their replies by id, and anything the
 * proxy cannot correlate (notifications, batches, unparseable lines) passes through untouched.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { FAULTS, isFaultName, type Exchange, type Fault, type Transport } from "./faults.js";

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v);

const [faultName, separator, ...host] = process.argv.slice(2);
if (
  faultName === undefined ||
  separator !== "--" ||
  host.length === 0 ||
  (faultName !== "none" && !isFaultName(faultName))
) {
  process.stderr.write(`usage: proxy.ts <${Object.keys(FAULTS).join("|")}|none> -- <host command...>\n`);
  process.exit(2);
}
const at = host.lastIndexOf("--transport");
const transport = (at >= 0 ? host[at + 1] : "stdio") as Transport;
const fault: Fault | undefined = faultName === "none" ? undefined : FAULTS[faultName as keyof typeof FAULTS];
const active = fault?.transports.includes(transport) ? fault : undefined;

const child = spawn(host[0]!, host.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
const write = (line: string): void => void process.stdout.write(line + "\n");
const toHost = (value: unknown): void =>
  void child.stdin.write((typeof value === "string" ? value : JSON.stringify(value)) + "\n");
const parse = (line: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
};

// Replies from the host: stdio in order (a FIFO of waiters), JSON-RPC/MCP by id.
const inOrder: ((line: string) => void)[] = [];
const byId = new Map<string, (reply: Json) => void>();
const hostLines = createInterface({ input: child.stdout });
hostLines.on("line", (line) => {
  if (transport === "stdio") {
    const waiter = inOrder.shift();
    return waiter ? waiter(line) : write(line);
  }
  const reply = parse(line);
  const key =
    isObject(reply) && (typeof reply.id === "string" || typeof reply.id === "number")
      ? JSON.stringify(reply.id)
      : undefined;
  const waiter = key === undefined ? undefined : byId.get(key);
  if (!waiter) return write(line);
  byId.delete(key!);
  waiter(reply as Json);
});

function askStdio(value: unknown): Promise<string> {
  return new Promise((resolve) => {
    inOrder.push(resolve);
    toHost(value);
  });
}

const state: Record<string, unknown> = {};

async function exchange(line: string): Promise<void> {
  const parsed = parse(line);
  const request = isObject(parsed) ? parsed : undefined;
  const x: Exchange = { transport, line, request, state, ask: async (r) => parse(await askStdio(r)) as Json };
  const correlated =
    transport === "stdio"
      ? line.trim() !== ""
      : request !== undefined && (typeof request.id === "string" || typeof request.id === "number");
  if (!active) return transport === "stdio" && correlated ? write(await askStdio(line)) : toHost(line);
  const action = await active.onRequest?.(x);
  if (action && "drop" in action) return;
  if (action && "reply" in action) return write(JSON.stringify(action.reply));
  const sent = action && "forward" in action ? action.forward : line;
  if (!correlated) return transport === "stdio" ? undefined : toHost(sent);
  let reply: Json | undefined;
  if (transport === "stdio") {
    const text = await askStdio(sent);
    const value = parse(text);
    if (!isObject(value)) return write(text);
    reply = value;
  } else {
    reply = await new Promise<Json>((resolve) => {
      byId.set(JSON.stringify(request!.id), resolve);
      toHost(sent);
    });
  }
  write(JSON.stringify(active.onReply ? await active.onReply(x, reply) : reply));
}

// stdio: one exchange at a time, in order; JSON-RPC/MCP: as they come. The host's input ends once
// every exchange is over, and the proxy exits with the host once its last reply went out.
let tail: Promise<void> = Promise.resolve();
const running = new Set<Promise<void>>();
const settled = () => Promise.all([tail, ...running]);
const clientLines = createInterface({ input: process.stdin });
clientLines.on("line", (line) => {
  if (transport === "stdio") tail = tail.then(() => exchange(line));
  else {
    const p = exchange(line).finally(() => running.delete(p));
    running.add(p);
  }
});
clientLines.on("close", () => void settled().then(() => child.stdin.end()));
child.on("close", (code) => void settled().then(() => process.exit(code ?? 1)));
