/**
 * The ledger of a `conform wit` run (decision 156): every exchange through a socket target is
 * recorded here (requests and answers matched by id, batches included), so cleanup.ts knows what
 * any check left in the daemon. Imports nothing of the suite: the target records, cleanup reads.
 */
export interface Ledger {
  /** symbolPath (as the daemon answered it) -> the session that acquired it last. */
  locks: Map<string, string>;
  /** Live (declared or active) intents -> their session. */
  intents: Map<string, string>;
  contracts: Map<string, { proposer: string; status: string }>;
  registrations: number;
  /** Intents declared in all (they stay as records whatever their status). */
  declared: number;
}

export function newLedger(): Ledger {
  return { locks: new Map(), intents: new Map(), contracts: new Map(), registrations: 0, declared: 0 };
}

type Message = Record<string, any>;
const asList = (v: unknown): Message[] =>
  (Array.isArray(v) ? v : [v]).filter((m): m is Message => m !== null && typeof m === "object" && !Array.isArray(m));

/** Records what one exchange created or removed. Never throws: an unparseable body changed nothing we can undo. */
export function record(ledger: Ledger, requestBody: string, replyBody: string): void {
  let requests: Message[];
  let answers: Message[];
  try {
    requests = asList(JSON.parse(requestBody));
    answers = asList(JSON.parse(replyBody));
  } catch {
    return;
  }
  const byId = new Map<unknown, Message>();
  for (const a of answers)
    if ("result" in a && (typeof a.id === "string" || typeof a.id === "number")) byId.set(a.id, a.result);
  for (const req of requests) {
    if (!byId.has(req.id) || typeof req.method !== "string") continue;
    const result = byId.get(req.id)!;
    const params = (req.params !== null && typeof req.params === "object" ? req.params : {}) as Message;
    switch (req.method) {
      case "register":
        ledger.registrations++;
        break;
      case "lock.acquire":
        if (typeof result?.symbolPath === "string" && typeof result?.sessionId === "string")
          ledger.locks.set(result.symbolPath, result.sessionId);
        break;
      case "lock.release":
        if (typeof params.symbolPath === "string") ledger.locks.delete(params.symbolPath);
        break;
      case "intent.declare":
        if (typeof result?.intentId === "string") {
          ledger.intents.set(result.intentId, String(params.sessionId));
          ledger.declared++;
        }
        break;
      case "intent.update":
        if (result?.status === "resolved" || result?.status === "abandoned")
          ledger.intents.delete(String(params.intentId));
        break;
      case "contract.propose":
        if (typeof result?.contractId === "string")
          ledger.contracts.set(result.contractId, { proposer: String(params.sessionId), status: "proposed" });
        break;
      case "contract.respond": {
        const c = ledger.contracts.get(String(params.contractId));
        if (c) c.status = String(result?.status);
        break;
      }
      case "contract.retire":
        // result.retired also names the older accepted contracts the retired one superseded.
        for (const id of [params.contractId, ...(Array.isArray(result?.retired) ? result.retired : [])]) {
          const c = ledger.contracts.get(String(id));
          if (c) c.status = "retired";
        }
        break;
    }
  }
}
