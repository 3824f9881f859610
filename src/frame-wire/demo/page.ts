/**
 * The renderer demo page's script (browser code, bundled by esbuild from this file): streams a turn
 * from the mock through the browser-safe frame-wire entry and renders the partial turn after every
 * frame — blocks and their fields, element appends, tool calls, and on abort the partial turn with
 * its error. The page server puts its config in `<script id="config" type="application/json">`.
 * `window.frameWire` is the entry module, for poking at the fold from the devtools console.
 */
import * as frameWire from "../index.js";
import type { FoldOutcome, FrameTurn } from "../index.js";

interface DemoConfig {
  streamUrl: string;
  token: string;
  vectors: string[];
}

/**
 * The few DOM members this page uses, declared here: the project compiles without the DOM lib
 * (its types clash with Node's streams), and this file is the only browser-only code.
 */
interface DomNode {
  textContent: string | null;
}
interface DomElement extends DomNode {
  className: string;
  hidden: boolean;
  value: string;
  setAttribute(name: string, value: string): void;
  append(...nodes: (DomNode | string)[]): void;
  replaceChildren(...nodes: (DomNode | string)[]): void;
  addEventListener(type: string, listener: () => void): void;
}
declare const document: { getElementById(id: string): DomElement | null; createElement(tag: string): DomElement };
declare const window: { frameWire?: typeof frameWire; lastOutcome?: FoldOutcome };

window.frameWire = frameWire;

const config = JSON.parse(document.getElementById("config")!.textContent!) as DemoConfig;
const $ = (id: string): DomElement => document.getElementById(id)!;

function el(tag: string, attrs: Record<string, string> = {}, ...children: (DomNode | string)[]): DomElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

/** A JSON value as nested HTML: arrays as ordered lists (each element append is one item), objects as definition lists. */
function renderValue(value: unknown): DomElement {
  if (Array.isArray(value)) return el("ol", { class: "array" }, ...value.map((v) => el("li", {}, renderValue(v))));
  if (value !== null && typeof value === "object") {
    const dl = el("dl", { class: "object" });
    for (const [k, v] of Object.entries(value)) dl.append(el("dt", {}, k), el("dd", {}, renderValue(v)));
    return dl;
  }
  return el(
    "span",
    { class: `scalar ${value === null ? "null" : typeof value}` },
    typeof value === "string" ? value : JSON.stringify(value),
  );
}

function renderTurn(turn: FrameTurn, position: number): void {
  const blocks = $("blocks");
  blocks.replaceChildren(
    ...turn.blocks.map((block, i) => {
      const { kind, ...fields } = block as { kind: string } & Record<string, unknown>;
      const rows = Object.entries(fields).map(([k, v]) =>
        el("div", { class: "field", "data-field": k }, el("span", { class: "name" }, k), renderValue(v)),
      );
      return el(
        "section",
        { class: "block", "data-kind": kind, "data-position": String(i) },
        el("h3", {}, kind),
        ...rows,
      );
    }),
  );
  $("tool-calls").replaceChildren(
    ...turn.tool_calls.map((call) =>
      el(
        "li",
        { class: "tool-call", "data-id": call.id },
        el("code", {}, call.name),
        renderValue(call.arguments),
        ...(call.result !== undefined ? [el("div", { class: "result" }, "→ ", renderValue(call.result))] : []),
      ),
    ),
  );
  $("frames").textContent = String(position);
}

function showOutcome(outcome: FoldOutcome): void {
  renderTurn(outcome.turn, Number($("frames").textContent));
  window.lastOutcome = outcome;
  const status = $("status");
  if (outcome.abort) {
    status.textContent = "aborted";
    status.className = "aborted";
    $("error").hidden = false;
    $("error").textContent =
      `${outcome.abort.code}: ${outcome.abort.message}${outcome.abort.at === null ? " (the completed turn)" : ` (event ${outcome.abort.at})`}`;
  } else {
    status.textContent = `done (${outcome.turn.finish_reason})`;
    status.className = "done";
  }
}

async function stream(): Promise<void> {
  const vector = $("vector").value;
  const url = new URL(config.streamUrl);
  if (vector) url.searchParams.set("vector", vector);
  $("status").textContent = "streaming";
  $("status").className = "streaming";
  $("error").hidden = true;
  $("blocks").replaceChildren();
  $("tool-calls").replaceChildren();
  try {
    const outcome = await frameWire.streamTurn(
      { baseUrl: url.origin, fetch: (_input, init) => fetch(url, init) },
      {
        headers: { Authorization: `Bearer ${config.token}` },
        body: { messages: [{ role: "user", content: $("prompt").value || "hello" }] },
      },
      { onTurn: renderTurn },
    );
    showOutcome(outcome);
  } catch (e) {
    $("status").textContent = "request failed";
    $("status").className = "aborted";
    $("error").hidden = false;
    $("error").textContent = e instanceof Error ? e.message : String(e);
  }
}

const select = $("vector");
for (const name of config.vectors) select.append(el("option", { value: name }, name));
$("stream").addEventListener("click", () => void stream());
$("status").textContent = "ready";
