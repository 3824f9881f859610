/** Why undetected mutants of the wright-agent area are acceptable (see index.ts). */
import type { SurvivorArgument } from "./argument.js";

export const WRIGHT_AGENT: readonly SurvivorArgument[] = [
  {
    kind: "equivalent",
    title: "the parser's size limit on a line already capped",
    why: "readLines has already dropped every line over MAX_LINE_BYTES, so parseJson's own limit (its 16 MiB default instead of MAX_LINE_BYTES) is never what refuses a line.",
  },
  {
    kind: "own choice",
    title: "how a line that is not JSON is refused",
    why: "The check wright-agent/stdio-garbage pins the refusal (a malformed-request error, the session goes on). With `ok: true` the undefined value goes to the service, which refuses it with the same code; only the message (ours) differs.",
  },
  {
    kind: "own choice",
    title: "what initialize reports beyond the negotiated version and the tools capability (serverInfo, listChanged)",
    why: "MCP's InitializeResult requires serverInfo {name, version} and the tools capability of a server that offers tools (wright-agent/mcp-framing checks both: an object, two strings); WHICH name and version (capabilities' name and version when the service answers them, else wright 0.0.0: serve.ts's serverInfo, mcp.ts's default) and whether tools.listChanged is false or absent are ours: the seed names neither, and our tool list never changes within a session, so no client can tell a promise of list_changed notifications that never come from none.",
  },
  {
    kind: "own choice",
    title: "hostToolHandlers, our library API (createToolService, then serveToolService)",
    why: "hostToolHandlers is the library entry for a ToolHandlers implementation: createToolService(handlers, {operations, onInternalError}) handed to serveToolService. `serve wright-agent` and the killing suite serve a ToolService through serveToolService directly, so no conformance target runs through it; its options are our API (decision 221).",
  },
  {
    kind: "equivalent",
    title: "a CR inside a request line is JSON whitespace or invalid either way",
    why: "readLines drops a CR before the LF (decision 075); `/\\r/` instead of `/\\r$/` drops the first CR wherever it is. A CR outside a string is JSON whitespace and one inside a string is invalid JSON (it must be escaped), so the line parses, or fails, the same. (The CR LF case itself is pinned: wright-agent/mcp-framing and jsonrpc-params send CR LF lines.)",
  },
  {
    kind: "equivalent",
    title: "a chunk given as a string is encoded as UTF-8 either way",
    why: 'A process\'s stdin and a socket yield Buffers; were a chunk a string, Buffer.from(string) and Buffer.from(string, "utf8") (or an empty encoding, which Node reads as utf8) give the same bytes, and Buffer.from of a Buffer ignores the encoding. No input can tell the branches apart.',
  },
  {
    kind: "own choice",
    title: "where the 16 MiB line cap (decision 075) is enforced, and its boundary",
    why: "The 16 MiB cap is our limit (decision 075): the seed names none. A line over it is discarded while it streams in; without the discard (the test forced false, the block emptied) the whole line is buffered and the parser's own 16 MiB limit refuses it with the same refusal (-32700, or malformed-request on stdio), so only memory differs; `>=` moves the boundary by one byte, which only a line of exactly 16 MiB sees. The checks pin that a 17 MiB line is refused and the session goes on (stdio-overlong-line, mcp-framing, jsonrpc-params).",
  },
  {
    kind: "equivalent",
    title: "what a discarded line's buffer holds until the line ends",
    why: "Once a line is over the cap, every later piece of it lands in the same branch (size only grows until the line ends), and finish() answers {oversize} and empties the buffer whatever it holds; so what `parts` is set to there is never read.",
  },
  {
    kind: "own choice",
    title: "a last line without its newline when the input ends is still served",
    why: "The seed says one request per line; a final line the client never terminated (its input closed first) is served by our hosts as a courtesy, and an over-long one still refused. A conformance client always ends its lines, so no check sees it; test/wright-agent/host.test.ts (readLines: keeps a final unterminated line) checks it.",
  },
  {
    kind: "not a protocol behaviour",
    title: "a reply the output stream failed to take, and waiting for drain",
    why: "writeLine rejects when the output stream errors (the client went away) and waits for drain under backpressure. Neither is visible to a client: one that is gone reads nothing, and the suite's replies are far below a socket's buffer (the drain branch is never reached in process). Mutants that drop the error listener, its removal or the drain wait change only what happens after the peer stopped reading. test/wright-agent/host.test.ts runs the transports over real streams.",
  },
  {
    kind: "equivalent",
    title: "the served mock advertises every operation it serves (capabilities.operations is its whole set)",
    why: "The hosts expose what capabilities.operations advertises: advertisedOperations asks capabilities and keeps the known names, tools/list filters the MCP table by it, the JSON-RPC aliases exist for advertised operations only, tools/call parses with the service's operations. Our mock advertises exactly the operations it serves (createMockService: every operation by default, capabilities answering that set), so skipping capabilities, keeping unknown names, listing the whole table or every alias changes nothing against it. The filters themselves are pinned for servers that advertise fewer: wright-agent/mcp-tools-list (exactly the advertised tools) and mcp-protocol-errors (an unlisted tool is -32602).",
  },
  {
    kind: "own choice",
    title: "blank lines on the JSON-RPC and MCP transports get no reply (decision 075)",
    why: "Decision 075 (ours) skips blank lines on every transport. JSON-RPC 2.0 and MCP's stdio transport say nothing of an empty line (it is no message; answering it -32700 with id null is as valid), and the seed only says one request per line. So what the JSON-RPC and MCP hosts do with one is ours (test/wright-agent/host.test.ts checks it); only stdio's is checked (wright-agent/stdio-blank-lines, written in round 5 on decision 075).",
  },
  {
    kind: "own choice",
    title: "a tools/call argument named op or one the tool omits is ignored",
    why: "The tool name carries op, and the MCP table drops fields from a tool's input schema (sources on the Workshop edit tools, documents and sources on providerValidateEdit). An argument named op is overwritten by the tool's op on the next line whatever the filter does (equivalent); an omitted field sent anyway is ignored like any unknown member by our choice: the seed only says the tool's schema drops it, not what a call that sends it gets.",
  },
  {
    kind: "equivalent",
    title:
      "the engine shapes params before a host's validator sees them (method names, structures and specs the hosts do not rely on)",
    why: "Both hosts hand src/rpc's engine a method table. The engine refuses params that are neither an object nor an array (-32600) and by-position params a by-name method cannot take (-32602), and maps an alias's positional [] to {} before any validator runs; on MCP, screen() refuses every by-position params first. So the hosts' validators only ever see objects: `request`'s object test, MCP's always-true validator's `errors`, a spec's `params` and `errors` lists (no handler throws a declared error), the spec's name and an alias's \"either\" (the engine keys methods by the table's keys and treats an unknown structure like either) change nothing a client can send.",
  },
  {
    kind: "own choice",
    title: "McpHost.protocolVersion, our library API",
    why: "createMcpHost's protocolVersion getter reports the negotiated version to a caller of our API (test/wright-agent/host.test.ts); serveMcp never reads it, and a client sees the negotiated version only in initialize's answer, which wright-agent/mcp-negotiation pins.",
  },
  {
    kind: "own choice",
    title: "screen()'s and the MCP handlers' own choices and equivalents on lines whose other mutants are killed",
    why: "(Line numbers as of round 9.) Line 150: a message without method that is not a valid JSON-RPC 2.0 response (another version, a null id) is answered -32600 by the engine; dropping it instead is ours to choose (a response of the client's is dropped, a message with an id only is -32600: wright-agent/mcp-framing). Line 152: a request with a bad id AND another jsonrpc or a non-string method is refused -32600 by the engine as by screen(): equivalent up to data. Line 206: a string cursor we never issued (tools/list never pages) is accepted; refusing it is ours. Line 212: a name that is not a string is refused -32602 by the unknown-tool test next anyway (only our message differs). The same lines hold killed mutants of the same mutators, and a next-line comment works per mutator: kept in the score rather than hide kills.",
  },
  {
    kind: "equivalent",
    title: "isPlainObject's guards in the JSON-RPC validators, on a line whose other mutants are killed",
    why: "The validators only see objects (see the engine-shapes-params argument), so the single-guard mutants of isPlainObject survive; its other mutants are killed (an alias with {force: true} or [1]: wright-agent/jsonrpc-params). Kept in the score rather than hide those kills.",
  },
  {
    kind: "own choice",
    title: "the cfg and element count the mock derives for a fixture rule that spells out neither",
    why: 'deriveCfg and deriveElementCount complete a rule of OUR fixture format (wright-agent-fixture/v1, where cfg and elementCount are optional) from its statement texts: a crude model of Workshop that stands in for the real compiler. The contract says what cfg and costEstimate report for a program, not how a fixture without those facts is to be completed; the killing suite serves only our default fixture, which spells out both for every rule (scripts/wright-agent/build-default-project.ts derives them at build time with these functions), so the mock never reaches them there (their module-level tables would be static mutants, each a fresh process and the whole suite). test/wright-agent/fixture.test.ts ("derived facts") checks the derivation. elementTotal, which every rule\'s count uses, stays mutated.',
  },
  {
    kind: "own choice",
    title: "the fixture loader's messages (the loader code is the contract's)",
    why: 'The design note asks that a broken or missing fixture refuse with a loader code (parse-error, input-io) until repaired; docs/wright-agent.md adds that the message lists the first problems. Their wording (the read error\'s text, the JSON parse error, the runtime allErrors explanation of a schema failure and its Ajv options, the JSON pointers of the cross-check problems, how many are shown and the "(and N more)" tail) is ours: no check reads a refusal message beyond its presence, and a foreign server words its own. The codes and whether a fixture is refused stay mutated (wright-agent/state-freshness, wright-agent/fixture-validity).',
  },
  {
    kind: "own choice",
    title: "the edit diagnostics' wording, and one diagnostic per unknown or stale source",
    why: "The seed asks that stale, overlapping and invalid edits return an explicit refusal without a partial edit set (wright-agent/edit-transactions refuses each and requires diagnostics); which diagnostic each problem gets, its message, and whether a source named by several edits is reported once or per edit are ours (the codes edit-stale-source, edit-overlap and edit-invalid-range are not the contract's).",
  },
  {
    kind: "own choice",
    title: "two edits at one point where one inserts are refused as overlapping",
    why: "Two edits starting at the same offset where at least one is an insert do not intersect, but their order is undefined (which text comes first); the mock refuses them as overlapping. The contract says only that overlapping edits are refused; a server that orders them (or refuses only intersecting ranges) conforms too. Intersecting ranges stay mutated (wright-agent/edit-transactions).",
  },
  {
    kind: "own choice",
    title: "the mock's stand-in parse diagnostic (its code, stage, span and wording)",
    why: "checkDelimiters stands in for workshop-rs's parser (the real parse diagnostics of the seed are upstream's): that an unbalanced or unterminated edit is refused stays mutated (wright-agent/edit-transactions); the diagnostic it reports (parse-error, frontend, a one-column span at the offending character, the message) is the mock's own.",
  },
  {
    kind: "equivalent",
    title: "a finding whose code no lint rule registers (the loader refuses such a fixture)",
    why: "Every finding's code is a registered lint rule (crossCheck refuses the fixture otherwise: wright-agent/fixture-validity), so lintSeverity always has it and the `severity === undefined` half of the test is never true: forcing it false changes nothing.",
  },
  {
    kind: "own choice",
    title: "file:// and backslash spellings of a file selection (beyond the contract's)",
    why: "The seed: the path as passed, root-relative or absolute spellings select a file. resolveFile also accepts a file:// URI and backslash separators; both are ours (no check may require them of another server). Root-relative spellings stay mutated (wright-agent/file-selection).",
  },
  {
    kind: "equivalent",
    title: "posix.normalize already drops a leading ./",
    why: 'posix.normalize("./main.ws") is "main.ws": after it, no spelling starts with ./ (normalize keeps a leading ./ only for "./" itself, which names no file either way), so the test and its slice change nothing.',
  },
  {
    kind: "own choice",
    title: "the wording of the mock operations' refusals and payload diagnostics",
    why: "The seed: \"Error codes are the machine-readable discriminator; error message wording is for people and is not stable.\" The mock's sentences (the nearest-name hints, the lists of known locales, kinds and providers, the stale-input and edit-unsupported explanations, emittedBytesUnavailable's reason) are ours; every check compares codes, never words. Mutants that empty or change a message keep code, ok and exit.",
  },
  {
    kind: "own choice",
    title: "which command lines next lists",
    why: 'The seed adds `next` to check, lint, analyze and inspect as "a list of complete wright command lines a renderer prints"; which lines a tool suggests is the tool\'s (ours name wright commands that exist). The schema pins the shape (an array of strings); mutants that empty the list or a line change only the suggestion.',
  },
  {
    kind: "own choice",
    title: "editStatements' assumed statement-edit request (the companion document is not available)",
    why: "The seed puts editStatements' request and result rules in agent-contract-edits.md, which we do not have; the design note says to keep the shapes open and document what is assumed. The mock assumes {rule, op, list (default actions), index, text} with one statement per line, and refuses what it cannot take (no op or index, no text for insert/replace, a position it has no statement for, an empty edit list) with its own payload codes and messages. wright-agent/ops-edit-statements pins what holds whatever shape a server takes (a stale identity or an out-of-range position is never ok; an edit that is taken does what it says); which requests are taken, and the defaults, are the assumption.",
  },
  {
    kind: "own choice",
    title: "lookup's ranking of inexact matches (the vocabulary companion document is not available)",
    why: 'lookup resolves "a free-text name guess"; its rules are in agent-contract-vocabulary.md, which we do not have. wright-agent/ops-vocabulary pins that an entry\'s own spelling finds it first, the limit and the kind and within filters; how the mock normalises a guess and ranks prefixes, substrings and near misses (the edit-distance bound, ties by catalog order) is its own heuristic.',
  },
  {
    kind: "own choice",
    title: "defaults for catalog and fixture members a fixture leaves out",
    why: "wright-agent-fixture/v1 lets a fixture omit profiles, defaultLocale, a lint rule's rationale, documentation, known limits, tags, fixable, the policy's configFile and ruleFiles, skipped; the mock then serves ours (off/compat, en-US, empty strings and lists, false), and joins known limits into lintRules' string with newlines. The default fixture states every one of them, so no served project can tell; another fixture's author chooses by stating them.",
  },
  {
    kind: "own choice",
    title: "diagnostic stage and source metadata of the mock's own diagnostics",
    why: "wright-result/v1 diagnostics carry a stage and a source; the seed requires provider diagnostics to stay distinguishable by their origin, not which stage a loader failure or a stale-input is filed under. The mock's stages (frontend/discovery/analysis/validation) and source kinds (loader, wright) are ours; checks compare the diagnostic's code.",
  },
  {
    kind: "own choice",
    title: "costEstimate's kind labels",
    why: "costEstimate's kind says how exact each part of the estimate is ({exact, findings, performance} strings, required by the committed upstream schema); the labels (exact / static / heuristic) are the tool's wording, not given by the seed.",
  },
  {
    kind: "own choice",
    title: "the mock's own operation-subset option",
    why: "createMockService({operations}) (serve wright-agent --operations) advertises a subset; the killing suite's mock serves all 24 operations, so filtering the catalog by the served set changes nothing there. test/wright-agent/client.test.ts serves a subset (createMockService with three operations).",
  },
  {
    kind: "equivalent",
    title: "a cursor the mock never issues",
    why: "listEntries issues cursors for offsets offset + pageSize >= 1 only; accepting or refusing a decoded offset of 0 (>= 0 vs > 0) differs only for a cursor no page ever handed out, which the caller could only forge from our private encoding (the cursor is opaque).",
  },
  {
    kind: "own choice",
    title: "the exit code of a failed workflow load (2 unreadable, 1 does not parse)",
    why: "The seed: a failed load surfaces inside the wright-result/v1 envelope's diagnostics, with the code a snapshot query refuses with (wright-agent/ops-fixture-variants pins ok: false, a non-zero exit and that code). Which non-zero exit an unreadable input gets versus one that does not parse is the tool's (we follow the CLI: a usage-level failure is 2, a program error 1).",
  },
  {
    kind: "own choice",
    title: "simulate without athena, and the members simulate echoes",
    why: 'The catalog is read when the service starts, and the killing suite\'s mock links athena 0.7.3; a service that links none (its code simulate-unavailable, the "unavailable" athena_version placeholder) is another start-up configuration, and those values are ours. The echoed seconds and inputIdentity beside the unchanged trace are members we add (wright-agent/v1 permits additive response fields).',
  },
  {
    kind: "own choice",
    title: "the mock's rule-content stand-in document",
    why: "The seed defines rule content as the owner's workshop-rs/rule-content-v1 document ({call, args} with catalog ids in parameter order); the mock renders a stand-in (each statement's text and span, the catalog id of its leading call), documented at ruleContentRenderer. wright-agent/ops-source-facts pins the catalog id of a statement that starts with a call the vocabulary spells; the renderer's guards (a language without entries, an entry the input locale does not spell, a head without parentheses) change nothing for the served catalog, and the format label is the owner's.",
  },
  {
    kind: "equivalent",
    title: "optional chaining over spans the served program always has",
    why: "Fixture rules and references may be unmapped (span null); the default fixture maps every rule, so `r.span?.file` and `r.span.file` read the same file for every rule a file filter compares.",
  },
  {
    kind: "own choice",
    title: "cfg's optional label member",
    why: "A block's label (its statement text) is an optional member of the contract's CfgBlock; whether the mock adds it for blocks the fixture labels is ours (wright-agent/ops-cfg reads it only when present).",
  },
  {
    kind: "own choice",
    title: "the mock's reading of a persistent object's reevaluation and of a subroutine rule's scope",
    why: "The contract describes reevaluation as the creating action's {domain, mode} and executionScope as the creating rule's; which argument names the reevaluation (the mock: one naming Visible To, Position, Radius, String or Color, without parentheses), the domain label (the object kind), and the scope of an object created in a subroutine rule (the mock: caller) are the mock's readings. wright-agent/ops-source-facts pins that a mode is one of the action's arguments and that an ongoingGlobal rule's objects are global.",
  },
  {
    kind: "own choice",
    title: "the order among entries of equal rank, and complexity's secondary key",
    why: "The seed ranks hotspots, rules by element count, risks and condition trees (largest or most severe first) and says nothing of ties; the mock breaks them by program order, and ranks complexity by branches then blocks. The power-ops checks pin the primary order; mutants of the tie-breaker or secondary term change only the order among equals.",
  },
  {
    kind: "own choice",
    title: "what analyze's topVariables counts as a reference",
    why: 'analyze reports top variables (the seed: "overview, cost, hotspots, complexity, risks, and top variables"), ranked by use, without defining the count; the mock counts a variable\'s references other than its declaration. wright-agent/ops-workflows pins that every variable is listed and the ranking follows the reported count.',
  },
  {
    kind: "gap",
    title:
      "findings and lint: the byte-bound edge and withheld count under a selection, costEstimate's ties, selection and truncation members",
    why: "Round 9 (wright-agent/ops-lint-policy) pins lint's verdict against failOn, lint's file filter and byCode, and costEstimate {severity, max}. Not yet pinned: the bound's edge (a result of exactly 5,500 bytes) and selection.withheld when the byte bound cuts a selected list, lintRules' kind, costEstimate's tie order between equal counts, its selection and truncation members when max or severity is given, elementCountUnavailable beside an available count, the waitActions regex's edges (Wait Until with spaces), and emittedBytesUnavailable when the bytes are known.",
  },
  {
    kind: "gap",
    title:
      "callGraph's edge bookkeeping, cfg's successor kinds and actions, persistent objects the default fixture does not exercise",
    why: "wright-agent/ops-fixture-shapes writes a repeated call and a same-kind destroy into the fixture; still unexercised: a call outside a rule, a persistent object outside a rule or an action, more persistent objects than the cap, the destroy patterns of the other kinds and their anchoring; cfg's checks pin the graph's closure, branches and loop heads but not which single edge is next versus loop, nor that a block lists the action it covers; the argument parser's edges (a call without parentheses) are not met. A fixture variant with those shapes (ops-fixture-variants style) would pin them.",
  },
  {
    kind: "gap",
    title:
      "lookup without a query, its kind and within filters' null forms, an entry missing in the requested locale, a forged cursor",
    why: "Not yet pinned: lookup's candidate order without a query (catalog order), a kind or within sent as null, the display name of an entry the requested locale does not spell (the default locale's), the tie order of lookup's ranking where it is not our heuristic, and a cursor whose kind matches but within does not.",
  },
  {
    kind: "own choice",
    title: "the layout of an inserted statement line (the indentation it copies)",
    why: "editStatements' insert adds the statement on a line of its own (wright-agent/ops-edit-statements pins the line and that it holds the statement); the mock copies the anchor statement's leading blanks so the result reads like its neighbours. Whitespace before a Workshop statement has no meaning to the parser, and the statement-edit companion document (agent-contract-edits.md) is not available to say how a tool lays the line out: mutants that copy another line's indentation, none, or a non-blank prefix change only the layout.",
  },
  {
    kind: "gap",
    title: "editStatements: the ranges a delete or an insert assembles, when broken, only make the edit fail",
    why: "A mutant that breaks the range of a delete (its start or end object, end line - 1) or an insert makes the assembled transaction fail validation, so the mock answers ok: false: from outside that is a server that does not take the assumed statement edit, which wright-agent/ops-edit-statements allows (the request shape is the mock's assumption). Killing them needs a relation that obliges a server to take a delete or an insert, which the missing companion document would have to give.",
  },
  {
    kind: "own choice",
    title: "editStatements' position test: mutants that only refuse more statement edits",
    why: "Lines 126 and 128 compute the last position an edit may name and refuse a position the rule has no statement for. Their surviving mutants (an insert's limit taken as a delete's; index >= limit; any insert refused; every edit refused) only make the mock refuse edits the assumed request shape would take, which is the own choice 'editStatements' assumed statement-edit request'; the same lines' mutants that accept more are killed (a delete or replace past the end: wright-agent/ops-edit-statements; an insert into an empty list: wright-agent/ops-edit-sources, never a server fault), and a next-line comment works per mutator: kept in the score rather than hide kills.",
  },
  {
    kind: "own choice",
    title:
      "providerValidateEdit's post-edit diagnostics: the where-object only words the message; the origin's provider name",
    why: "Line 78 turns the post-edit check's diagnostics into provider diagnostics. `{ source: uri }` -> {} changes only the diagnostic's message text (checkDelimiters maps no span without a file and path), which is the own choice 'the wording of the mock operations' refusals and payload diagnostics'; `{ kind: req.language_id }` -> {} keeps a source member but drops the provider's name from it: wright-agent/ops-provider-documents requires a status and a source, not yet that source.kind names the language_id (a gap: the check's body would need a --force run). The line's object mutant that drops status and source is killed, so no per-mutator comment.",
  },
  {
    kind: "gap",
    title: "editStatements' payload refusal: its diagnostics list",
    why: "payloadRefusal answers ok: false with one diagnostic naming the code; the checks require ok !== true for a stale identity or an out-of-range position but not yet that the refusal carries a diagnostic (the seed: an explicit refusal without a partial edit set).",
  },
  {
    kind: "gap",
    title: "a failed workflow load's exit (loaderExit emptied)",
    why: "loaderExit -> () => undefined leaves the failed envelope without an exit, which wright-agent/ops-workflow-edges should catch (its envelopes validate against their result schemas and exit must be a non-zero integer); it survived round 9's run. Not investigated for lack of time: perhaps the check runner's per-check coverage of a module-level arrow function (a static mutant).",
  },
  {
    kind: "equivalent",
    title: "translating into the input locale is the identity",
    why: "renderProgram maps each vocabulary entry's canonical input spelling (spellings[input][0], the Map key) to the target locale's canonical spelling; with the input locale as the target that is the key itself (an entry sharing a spelling with an earlier one is stored under the same key, so it maps back to it too). Translating when the target is the input locale (the `locale !== input` test forced true) replaces every match with the same text. Without any pattern the test is never reached: the `pattern &&` half stays mutated (wright-agent/compile-fixture-variants compiles a source saying undefined with no vocabulary).",
  },
  {
    kind: "own choice",
    title: "the layout of the mock's emitted text (a header comment, sources joined by newlines)",
    why: "The seed: compile writes \"the program\" to the file and the emitted text uses the target locale's spellings; what else the file holds is the tool's. The mock writes a header comment naming itself, the entry and the locale, then each source after a `// <path>` line, joined by newlines: comments, so dropping the header or the joining newline (a `// <path>` comment then follows the previous source's last line) emits the same Workshop program. wright-agent/compile-output and compile-locales pin the program's spellings in the file and output.sha256 against its bytes.",
  },
  {
    kind: "equivalent",
    title: "a fixture without diagnostics has no error",
    why: "hasErrors reads the fixture's optional diagnostics with `?? []`; the mutant's stand-in list holds a string, whose severity is undefined, so `some(severity === \"error\")` is false exactly as for the empty list. (programDiagnostics' `?? []` is pinned: wright-agent/compile-fixture-variants compiles a fixture without diagnostics and validates the envelope.)",
  },
  {
    kind: "own choice",
    title: "the stage and source a fixture diagnostic is reported with",
    why: "Our fixture's diagnostics carry {code, severity, message, span} and are the program's (workshop-rs's, docs/wright-agent.md); the contract's Diagnostic adds a stage (an enum) and a source (a free kind). Which stage the mock files them under (frontend for parse-error, validation otherwise) and the source kind workshop-rs are its reading: the seed names neither, and the default fixture has no parse-error diagnostic. That the stage is one of the enum's (validation) stays mutated (every compile envelope is validated against CompileResult by the power-compile checks), as do code, severity and span (wright-agent/compile-output).",
  },
  {
    kind: "own choice",
    title: "the code and message of a compile that cannot write its file",
    why: "The seed: a failed compile writes no file; it names no code for an output the service cannot write (a directory in the way, a missing parent directory). The mock reports output-io with exit 2 and the write error's text; wright-agent/compile-output pins that such a compile fails with an error diagnostic and no output member and leaves the working directory as it was (no temporary file either), or, if a server manages to write, that the file is there with its hash.",
  },
  {
    kind: "own choice",
    title: "the order of an ambiguous-* refusal's candidates",
    why: "RuleAddressBook.resolve sorts the rule indexes an address can mean. The order only reaches the ambiguous-rule refusal's candidates and message (a single match is taken whatever the order, and computeCanonical asks only for the count): the seed says the refusal lists the canonical addresses, the schema gives each candidate its address and id, and neither fixes an order. wright-agent/resolve-rule-addresses compares the candidates as a set.",
  },
  {
    kind: "equivalent",
    title: "an unreadable fixture is skipped either way (parsing no bytes fails)",
    why: "loadCatalog skips a fixture path it cannot read. With the test removed (`if (false)`), the failure's missing bytes go to FixtureParser.parse, whose JSON parse fails inside its own try (a parse-error result), so the loop still moves on to the bundled fixture and the same catalog is read.",
  },
  {
    kind: "own choice",
    title: "the start-up error of a package whose bundled fixture does not load",
    why: "The shipped package's bundled default fixture always loads (test/wright-agent/fixture.test.ts and every suite run read it); the Error's text for a broken package is ours, for people, and no target interface serves it.",
  },
  {
    kind: "own choice",
    title: "how an initialize inside a 2025-03-26 batch is answered",
    why: "2025-03-26's lifecycle: \"The initialize request MUST NOT be part of a JSON-RPC batch\" binds the client; what a server answers one that is sent anyway is ours (decision 217): -32600 with its id, the session not renegotiated (test/wright-agent/host-mcp-batches.test.ts). The surviving mutant serves it like a line's initialize (ConditionalExpression false). Its opposite, refusing every initialize (true), and the EqualityOperator mutant are killed by every check that initializes, so a disable comment would hide kills: kept in the score.",
  },
  {
    kind: "equivalent",
    title: "one step past a text's end finds nothing",
    why: "The scanning loops of LineIndex's constructor and of edits.ts's checkDelimiters (its main loop, a // comment's and a string literal's inner loops) stop at `i < text.length`; `<=` visits index text.length once more, where charCodeAt is NaN and text[i] undefined: no line break, delimiter, quote or backslash is found there, and every test after the loop (`i >= text.length`: unterminated string) sees the same verdict. The other way round (`>=`, the loop never runs) is killed.",
  },
  {
    kind: "equivalent",
    title: "positions below 1 never reach the line index (both schemas' minimum 1)",
    why: "offsetOf refuses a column below 1. Every position it sees comes from a request's EditRange (start_col/end_col: minimum 1 in wright-agent-v1.schema.json; the service refuses the request as malformed-request before any handler runs), from a fixture Position (minimum 1 in wright-agent-fixture-v1.schema.json; the loader refuses the fixture first) or from statement spans the mock builds from those. So the guard is never true on a served input. test/wright-agent/edits.test.ts (LineIndex) checks line 0.",
  },
  {
    kind: "equivalent",
    title: "the text of a span its one caller only asks to exist",
    why: "LineIndex.slice's one caller in the mock is fixture-load.ts's crossCheck, which compares the result with undefined (is the span inside its source, not reversed). Returning the whole text instead of the range's keeps every defined result defined. The refusals (a bound outside, end before start) stay mutated (wright-agent/fixture-validity).",
  },
  {
    kind: "own choice",
    title: "edit distance and the nearest name (did-you-mean hints, lookup's near misses)",
    why: "editDistance and nearest serve two things only: the nearest-name hint inside refusal messages (unknown rule, symbol, lint rule, file, language, operation: the seed's \"#429 nearest-name message\"; \"error message wording is for people and is not stable\", so which name a message suggests is ours) and lookup's inexact ranking in ops-static.ts (its edit-distance bound and order, argued there as lookup's ranking of inexact matches: the vocabulary companion document is not available). Refusal codes and lookup's exact and prefix matches stay mutated.",
  },
  {
    kind: "equivalent",
    title: "a // comment found at its second slash is the same comment",
    why: "checkDelimiters starts a comment at a / followed by /. Testing the character before instead (`text[i - 1]`) finds the same comment one character later: the first / is no delimiter, and a / preceded by / outside strings and comments is always the second slash of a comment the original found at the first (strings end at a quote, comments at a line break).",
  },
  {
    kind: "own choice",
    title: "the fixture loader refuses a __proto__ member anywhere",
    why: "The loader parses fixtures with parseJson's protoKey: \"reject\" (decision 006): a member named __proto__ anywhere refuses the fixture. At the top level and in every closed object the strict schema refuses an unknown member anyway; in the open trees (settings, targetMetadata, the simulation trace) refusing it is our safety choice, not a rule of the fixture format's documentation or of the contract.",
  },
  {
    kind: "equivalent",
    title: "the explainer checks the schema the generated validator checks",
    why: "FixtureParser decides with the generated validator of wright-agent-fixture-v1.schema.json and, on a failure only, compiles the same schema at run time (allErrors) to explain it. Deciding with the explainer (the generated test forced false), compiling it again on every failure (the cache test forced true) or returning no problems when the explainer accepts what the generated validator refused (never: they check one schema) gives the same verdict for every fixture.",
  },
  {
    kind: "own choice",
    title: "the MCP batch path after the review: members in order, and the version gate's empty-batch test",
    why: "batchInOrder false runs a batch's members concurrently: JSON-RPC lets a server process them in any order and the reply array matches by id, so no check may require the order (wright-agent/mcp-batches judges the replies by id). `value.length > 0` forced true or `>= 0` sends an empty batch in a non-2025-03-26 session to the gate instead of the engine: both answer one -32600 with id null, only the message (ours) differs. Kept counted, not disabled: the lines were rewritten by the review and a comment now would hide the same lines' killed mutants.",
  },
  {
    kind: "equivalent",
    title: "the fixture parser's catch block and the diagnostics span walk",
    why: "60:17, the catch block emptied: a next-line comment inside `try` ignores nothing, and a disable/restore pair around the try/catch would also hide its killed mutants (the refusal itself is pinned by wright-agent/fixture-rules: a fixture that does not parse is refused). 180:21, `f.diagnostics ?? []` -> a one-element array: the loader's schema validation has already required `diagnostics`, so the default is never taken (equivalent).",
  },
  {
    kind: "gap",
    title: "complexity's branch count of for loops",
    why: "No fixture rule the suite serves has a `for` block, so counting for loops as branches (or not) changes no answer the checks see; a fixture variant with a for loop (ops-fixture-variants style) would pin it.",
  },
];
