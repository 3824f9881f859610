/** Why undetected mutants of the wit area are acceptable (see index.ts). */
import type { SurvivorArgument } from "./argument.js";

export const WIT: readonly SurvivorArgument[] = [
  {
    kind: "equivalent",
    title: "a return value nobody reads, and a shortcut for an empty list",
    why: "lock.release checks that the lock exists and is the caller's before deleting it and ignores delete()'s boolean, so `changes >= 0` or `<= 0` changes no answer. activeAmong([]) asks SQLite for the rows IN an empty list without the shortcut: none, the same empty map.",
  },
  {
    kind: "own choice",
    title: "housekeeping and an unused helper",
    why: "purgeExpired is optional housekeeping (its comment: queries ignore expired rows anyway) that no method runs; ttlRemainingMs is not called by the daemon (handlers.ts computes the remaining TTL inline), so no answer can depend on it.",
  },
  {
    kind: "own choice",
    title: "touching byte ranges do not overlap (end offsets exclusive)",
    why: "The contract says INTENT_OVERLAP is an \"overlapping byte range\" and gives startByte/endByte without saying whether the end is inclusive; ours are tree-sitter's (end exclusive), so ranges that touch do not overlap. The fixtures' functions never touch, and a check must not pin the reading.",
  },
  {
    kind: "equivalent",
    title: "a default argument every caller overrides",
    why: "overlapItems' canonicalFile defaults to the identity; the daemon always passes its canonical-path function, so the default is never used.",
  },
  {
    kind: "equivalent",
    title: "a byte range null at one end only, and the status re-check of live intents",
    why: "rangesOverlap: each single `=== null` test (and `&&` between the first pair) forced false changes nothing, because a range is null at both ends or at neither (intentRange and the stored rows set them together); the whole condition's mutants are killed (wit/intent-conflicts, G's file-level intent; wit/model). overlapItems' status filter forced true is equivalent too: the daemon passes store.intents.query({}), which holds declared and active intents only.",
  },
  {
    kind: "own choice",
    title: "the caller's own intents never overlap",
    why: "overlapItems drops the caller's own intents before comparing (the own-session filter removed or forced true): our choice (docs/wit.md, decision 051: a session's own intents never conflict with each other); the seed leaves it open.",
  },
  {
    kind: "not a protocol behaviour",
    title: "how the store is opened and migrated (SQLite settings, schema versions, open and migration failures)",
    why: "The Wit suite speaks to the daemon over its socket; the SQLite file behind it (directory mode, WAL, synchronous and busy-timeout settings, the schema-version bookkeeping and the migration of an older store, the errors of a file that cannot be opened or migrated) is not observable through any method. test/wit/store.test.ts and test/wit/store-durability.test.ts test it (migrations, refusing a newer schema, WAL, durability after a kill).",
  },
  {
    kind: "own choice",
    title: "migration names (error messages only)",
    why: "A migration's name appears only in the message of a failed migration; the version numbers are what the store keeps.",
  },
  {
    kind: "equivalent",
    title: "query indexes (speed only)",
    why: "Migration 2's CREATE INDEX statements make lookups by file, symbol, status and session fast; without them every query returns the same rows, slower.",
  },
  {
    kind: "equivalent",
    title: "store methods the daemon never calls",
    why: "AgentStore.get and list, fileListHas and IntentStore.liveTouching are store API no daemon handler calls (agent.register answers from insert; intent.declare passes intents.query({}) to the overlap detector): no request reaches them.",
  },
  {
    kind: "equivalent",
    title: "refusals and cases the params schema makes unreachable",
    why: "The engine validates params against contracts/wit/openrpc.json before any handler runs. intent.declare's files are minItems 1, each minLength 1 and matching ^[^\\u0000\\\\,]+$ (no ','), and the root itself ('.', './') is refused by the schema's `not`, so after canonical resolution every entry is a non-empty name without ',': encodeFileList's three refusals (an empty list, an empty entry, a ',') can never fire. A symbolPath matches ^[^\\u0000]+:[^:\\u0000]+$, so fileOfSymbolPath always finds a ':' after position 0 (`at < 0` forced false, or `at <= 0`, changes nothing).",
  },
  {
    kind: "equivalent",
    title: "unreachable refusals of a file list and empty decoded entries",
    why: "Equivalent by the two arguments above (the params schema makes encodeFileList's refusals unreachable; empty decoded entries match no declared file): each refusal's condition forced false, the last refusal's message emptied, and the empty-entry filter forced true or `>= 0`.",
  },
  {
    kind: "equivalent",
    title: "intent.query by the empty file name",
    why: "`file.length === 0` forced false: the empty name then reaches SQL as instr(files, ',,'), which no stored list contains (the schema allows no empty entry), so it matches nothing either way (wit/intent-query-whole-entry queries it).",
  },
  {
    kind: "equivalent",
    title: "fileOfSymbolPath without a ':' at position 0 or none",
    why: "Equivalent by the params-schema argument above (a symbolPath always has a ':' after position 0): `at < 0` forced false, or `at <= 0`.",
  },
  {
    kind: "equivalent",
    title: "empty entries of a decoded list match no declared file",
    why: "decodeFileList's only caller is the overlap detector (conflicts.ts), which asks whether any stored entry is one of the declaring intent's files. Without the filter (or with `length >= 0`, or always true) the leading and trailing empty entries of `,a,b,` are kept; an empty name is never a declared file (see the schema argument), so the same intents overlap.",
  },
  {
    kind: "equivalent",
    title: "the store's clock is the daemon's clock",
    why: "daemon.ts opens the store with `now: () => clock.now()`, and contract.propose passes proposedAt = clock.now() taken in the same call. `c.proposedAt && this.now()` reads that clock again: under the manual clock of `conform wit` the same instant; under the system clock an instant inside the same call, which is all a client can bound proposedAt by.",
  },
  {
    kind: "equivalent",
    title: "store refusals the daemon makes unreachable (it checks first, in the same transaction)",
    why: "contract.respond reads the contract and refuses an unknown one (CONTRACT_NOT_FOUND) or one not proposed (CONTRACT_ALREADY_RESOLVED with data.status) itself, inside the transaction that then calls store.contracts.respond, so the store's own not-found and already-resolved answers are never reached (the daemon's refusals are checked by wit/contract-semantics and wit/model).",
  },
  {
    kind: "not a protocol behaviour",
    title: "the daemon process: its log lines, signals and exit code",
    why: "runDaemonProcess is `contract-suite wit daemon run`: it writes timestamped log lines to stdout, logs escaped exceptions, and on SIGTERM or SIGINT closes the daemon and returns 0. No check through the socket sees a process's stdout, signals or exit code (the killing suite starts the daemon in process, without it); test/wit/lifecycle.test.ts and test/wit/kill9.test.ts run the real process.",
  },
  {
    kind: "not a protocol behaviour",
    title: "start-up and shutdown: the root, .wit and its .gitignore, the instance lock, the pid file, the socket file",
    why: "Before the daemon serves and after it stops: refusing a root that is not a directory, creating .wit (0700) and its .gitignore, taking and releasing the one-daemon-per-root lock (instance-lock.ts, decision 053), writing and removing the pid file, reclaiming a stale socket, chmod 0600, closing once, and the warm-up of the caller graph (a speed-up: every call builds the graph it needs). None of it is an answer on the socket: a conformance target is a daemon already serving. test/wit/daemon-http.test.ts (permissions, one daemon per root, stale sockets), test/wit/lifecycle.test.ts and test/wit/paths.test.ts check it.",
  },
  {
    kind: "own choice",
    title: "the daemon's log (diagnostics for its operator)",
    why: "What the daemon logs (listening, caller graph ready or failed, internal and undeclared errors, failed requests, skipped staged paths) and in which words: the contract says nothing about a log, and no client sees it. Mutants that empty a message, drop a log call or its fallback text change only the log.",
  },
  {
    kind: "own choice",
    title:
      "the HTTP layer beyond POST /rpc (decision 049: refusal statuses and bodies, 204, headers, timeouts, malformed HTTP)",
    why: "The contract (the seed's design note) says only: HTTP/1.1 POST /rpc with Content-Type application/json, answered synchronously. Which status and JSON-RPC body a wrong path, method or content type, an oversize body (413 from Content-Length or the streamed size, the 2 s drain) or malformed HTTP gets, 204 for a notification, the response headers, and the server's timeouts and connection limits are our choices (decision 049); wit/http-transport pins them in the reference profile only, and test/wit/daemon-http.test.ts checks each. A POST /rpc with application/json, which every check sends, is answered either way.",
  },
  {
    kind: "not a protocol behaviour",
    title: "an answer waits for its commit (group commit)",
    why: "The HTTP layer awaits store.durable() before it answers, so an answer is only ever sent for committed state. A daemon that answered first gives the same answers while it lives; the difference shows only if it dies between the answer and the commit, which no check can cause through the socket. test/wit/store-durability.test.ts and test/wit/kill9.test.ts check it.",
  },
  {
    kind: "equivalent",
    title: "the system clock and the manual clock's set() (the suite's daemon runs on a manual clock it only advances)",
    why: "The killing suite starts our daemon as `conform wit` does, on a ManualClock that the runner advances; systemClock is the default of a daemon started by the CLI and is never read there, and set() is the tests' API (test/wit/daemon-handlers.test.ts). A foreign daemon's clock is its own.",
  },
  {
    kind: "own choice",
    title: "INVALID_REQUEST's data (field errors) beyond code and message",
    why: "The contract declares INVALID_REQUEST as code -32600 with that message; what `data` holds is ours (decision 049: zod-style {formErrors, fieldErrors} naming the field, plus a reason). The checks compare codes and messages, as they must for a foreign daemon.",
  },
  {
    kind: "equivalent",
    title: "a status the params schema cannot request",
    why: "intent.update's `status` is an enum of active, resolved and abandoned (the engine refuses anything else before the handler runs), so an extra entry ('Stryker was here') in a terminal status's list of allowed transitions is never requested; the terminal statuses still allow none of the three (wit/intent-transitions).",
  },
  {
    kind: "not a protocol behaviour",
    title: "a caller graph that cannot be built (warnings and DEP_CHAIN left out, logged)",
    why: "When the analysis fails (tree-sitter cannot load, the tree cannot be read), lock.acquire answers without caller warnings and intent.declare without DEP_CHAIN items, and the daemon logs why. A conformance target is a working daemon over the suite's fixture files, whose graph always builds; test/wit/daemon-handlers.test.ts breaks the analyzer in process.",
  },
  {
    kind: "own choice",
    title:
      "canonical symbol keys beyond the contract (decision 144: bare method names, ambiguity, real files, stored spellings)",
    why: "The contract names a symbol by `file:symbolName` and puts file paths in canonical form ('./src//a.ts' is 'src/a.ts'); the rest of decision 144 is ours: a bare name denotes the one `Class.name` of its file, several such symbols are ambiguous (INVALID_REQUEST with data.candidates), the file part is the real path under the root, a query filter under a stored spelling needs no analysis, and a filter the path check refuses is kept as given (it matches no stored key). The suite's fixtures use top-level names only, as a foreign daemon's checks must; test/wit/symbol-keys.test.ts checks resolution.",
  },
  {
    kind: "equivalent",
    title: "ping alone declares no params, and ping alone no errors",
    why: "PARAMLESS_METHODS is the set of methods of the contract that declare neither params nor errors. In contracts/wit/openrpc.json ping is the only method without params and also the only one without errors, so testing either half (an operand forced true, or `||` for `&&`) selects the same set: {ping}.",
  },
  {
    kind: "own choice",
    title: "data of errors the contract declares without data",
    why: "contracts/wit/openrpc.json declares LOCK_NOT_FOUND, INTENT_NOT_FOUND, INTENT_NOT_OWNED, CONTRACT_NOT_FOUND and SELF_ACCEPT_NOT_ALLOWED with a code and a message and no data; the data our daemon adds (the symbolPath, intentId, contractId or proposer it refused) is ours, and a check cannot require it of a foreign daemon. The data the contract does declare (LOCK_CONFLICT's heldBy and expiresAt, LOCK_NOT_HELD's heldBy, INVALID_TRANSITION's current and requested, SYMBOL_NOT_FOUND's symbolPath, the statuses) is pinned and not argued.",
  },
  {
    kind: "equivalent",
    title: "a filter member set to undefined",
    why: "The store's queries treat a filter member that is undefined as absent (`filter.sessionId === undefined`, `file === undefined`, `symbolPath === undefined`), so passing `{sessionId: undefined}` instead of `{}` (lock.query), or calling the filter's normaliser only when the param is given, selects the same rows.",
  },
  {
    kind: "equivalent",
    title: "empty symbol names and an empty declared list (nothing to look up)",
    why: "intent.declare's symbols may contain '' (the schema sets no minLength). A pair `file:` would only meet a lock or a call-graph node named `file:`, and the symbolPath schema gives every lock a non-empty symbol ('^[^\\u0000]+:[^:\\u0000]+$') while the graph names declared symbols only: keeping empty names changes no conflict. With nothing declared, building the caller graph anyway gives no callees: the same items (speed only).",
  },
  {
    kind: "equivalent",
    title: "contract.propose's second look-up (the facts canonical() already read)",
    why: "contract.propose takes the signature from the facts canonical() found; only when it found none does it ask analyzer.findSymbol, over the same stat-checked facts of the same file, which then finds none either. Looking again when a fact was found returns the same signature; its path-refused branch is unreachable (canonical() has already refused such a path with INVALID_REQUEST).",
  },
  {
    kind: "equivalent",
    title: "the daemon's pre-check and the store's refusal give the same answer",
    why: "contract.respond refuses a contract that is not proposed with CONTRACT_ALREADY_RESOLVED and data.status; without the pre-check, store.contracts.respond (same transaction) refuses it with reason already-resolved and the row, which the handler answers with the same error and the same status.",
  },
  {
    kind: "equivalent",
    title: "retirements looked up for every contract (only rejected ones have any)",
    why: "contract.query adds retiredAt and retiredBySessionId from the retirements table, which holds only contracts that contract.retire moved to rejected. Asking for every listed contract instead of the rejected ones finds no retirement for the others: the same records.",
  },
  {
    kind: "equivalent",
    title: "an unusable staged path holds no contract (skipped or kept, no violation)",
    why: "check-contracts skips a staged path normalizeRelPath refuses (a backslash, a drive-like 'c:', NUL; decision 143). Not skipping it stores its content under an undefined key, which no accepted contract's file equals: no violation either way (the skip itself shows only in the log).",
  },
  {
    kind: "equivalent",
    title: "stored contract keys always parse and name a staged file",
    why: "Contracts are stored under canonical keys that passed parseSymbolPath when proposed, and acceptedInFiles returns only contracts whose file is one of the staged keys: the `!parsed.ok` skip and the `?? []` fallback are never taken.",
  },
  {
    kind: "equivalent",
    title: "the named contract listed twice for retirement (the store retires it once)",
    why: "Without the `c.contractId !== row.contractId` filter the named contract is also among the superseded ones; store.contracts.retire moves each accepted contract to rejected with `WHERE status = 'accepted'` and reports a contract only when it changed a row, so the second mention retires and reports nothing.",
  },
  {
    kind: "own choice",
    title: "which intents get a byte range",
    why: "intentRange gives a byte range only to an intent naming exactly one file and at least one symbol (decision 051); the contract says only that startByte and endByte are null for a file-level intent, not which intents are file-level, so computing a range for more of them (the test forced false) is our choice.",
  },
  {
    kind: "equivalent",
    title: "Buffer.byteLength counts UTF-8 when given no encoding",
    why: '`Buffer.byteLength(s, "")`: Node takes a missing or empty encoding as UTF-8, so the count is the same (wit/check-contracts-content-limit sends two-byte characters around the limit).',
  },
  {
    kind: "not a protocol behaviour",
    title: "the caller graph kept fresh while files change under a running daemon (the watcher and its sync cookies)",
    why: "The analyzer's watch option keeps the caller graph fresh when files change after it was built, and the graph is also stat-checked on demand. THAT the graph follows edits is protocol (decision 178: wit/caller-graph-follows-edits edits a file under a built graph and acquires at once); WHICH mechanism does it is ours: with the watcher off the on-demand stat check still answers right, so whether the watcher runs, and where its sync cookies go, shows only in cost and in test/wit/daemon-freshness.test.ts and test/wit/analysis-watch.test.ts.",
  },
  {
    kind: "own choice",
    title: "the JSON parse limits (the body size the HTTP layer caps first, the nesting depth 64 of decision 050)",
    why: "The engine's parser is given the body limit and a nesting depth of 64. The body limit is enforced before by the HTTP layer (413), and the depth limit is ours (decision 050: the contract sets none; the protocol's own messages nest 4 levels). Without them the parser's own defaults apply.",
  },
  {
    kind: "own choice",
    title: "which accepted contract check-contracts enforces, and ties between acceptances",
    why: "When a symbol has several accepted contracts, check-contracts enforces the newest acceptance (decision 143) and contract.retire retires the older ones with it (decision 157); ties between acceptances in the same millisecond are broken by proposal order. The contract states neither (it says which contracts check-contracts enforces: accepted ones), so these are our choices: check-contracts' `!held || ...` forced true (the last listed wins, which in the suite is also the newest), and retire.ts's tie-breaks (no two acceptances share an instant in the suite).",
  },
  {
    kind: "own choice",
    title: "the HTTP layer's own choices (415, 404 and 405 wording, drain guards)",
    why: "Own choices by the HTTP argument above (a missing Content-Type is 415, the 404 and 405 wording, the guards that keep a body read or a 413 drain from resolving twice).",
  },
  {
    kind: "own choice",
    title: "canonical symbol keys: a bare name's suffix match, a found key's symbol",
    why: "Own choices by the canonical-keys argument above: how a bare method name is matched against the file's qualified names (by suffix), and which symbol a found key names.",
  },
];
