/**
 * Facts the mock derives from a rule's statements when a fixture does not spell them out: the
 * control-flow graph (one block per action) and the element count (one element per token). The
 * fixture builder uses the same functions, so explicit and derived facts agree.
 */
import type { Cfg, CfgBlock, ElementCount, Rule, Span, Statement } from "../../generated/wright-agent-fixture/types.js";

type Shape = "if" | "elseif" | "else" | "end" | "while" | "for" | "loop" | "loopIf" | "abort" | "plain";

function shapeOf(text: string): Shape {
  const t = text.trim();
  if (/^If\s*\(/.test(t)) return "if";
  if (/^Else If\s*\(/.test(t)) return "elseif";
  if (t === "Else") return "else";
  if (t === "End") return "end";
  if (/^While\s*\(/.test(t)) return "while";
  if (/^For (Global|Player) Variable\s*\(/.test(t)) return "for";
  if (t === "Loop") return "loop";
  if (/^Loop If/.test(t)) return "loopIf";
  if (t === "Abort") return "abort";
  return "plain";
}

/**
 * One block per action (block id = action index + 1), entry 0 and exit n+1. Structured statements
 * (If/Else If/Else/While/For ... End) branch; an unterminated structure ends at the exit.
 */
export function deriveCfg(actions: readonly Statement[]): Cfg {
  const n = actions.length;
  const shapes = actions.map((a) => shapeOf(a.text));
  const exit = n + 1;
  const endOf = new Map<number, number>(); // opener / else-if / else -> its End (n when missing)
  const nextBranch = new Map<number, number>(); // if / else-if -> next Else If / Else / End
  const loopHead = new Map<number, number>(); // End of while/for -> opener
  const stack: { opener: number; kind: Shape; branches: number[] }[] = [];
  shapes.forEach((s, i) => {
    if (s === "if" || s === "while" || s === "for") stack.push({ opener: i, kind: s, branches: [i] });
    else if ((s === "elseif" || s === "else") && stack.at(-1)?.kind === "if") stack.at(-1)!.branches.push(i);
    else if (s === "end" && stack.length) {
      const frame = stack.pop()!;
      frame.branches.forEach((b, k) => {
        endOf.set(b, i);
        if (shapes[b] !== "else") nextBranch.set(b, frame.branches[k + 1] ?? i);
      });
      if (frame.kind !== "if") loopHead.set(i, frame.opener);
    }
  });
  for (const frame of stack) for (const b of frame.branches) endOf.set(b, n);
  const block = (i: number): number => (i >= n ? exit : i + 1);
  // Where control goes after statement i completes: the next statement, unless that one starts
  // another branch of the same If chain, in which case the chain's End.
  const fallthrough = (i: number): number => {
    const j = i + 1;
    if (j >= n) return exit;
    if (shapes[j] === "elseif" || shapes[j] === "else") return block(endOf.get(j) ?? n);
    return block(j);
  };
  const blocks: CfgBlock[] = [
    { id: 0, kind: "entry", label: "entry", successors: [block(0)], span: null, action: null },
  ];
  shapes.forEach((s, i) => {
    let successors: number[];
    switch (s) {
      case "if":
      case "elseif":
        successors = [block(i + 1), block(nextBranch.get(i) ?? n)];
        break;
      case "while":
      case "for":
        successors = [block(i + 1), fallthrough(endOf.get(i) ?? n - 1)];
        break;
      case "end":
        successors = loopHead.has(i) ? [block(loopHead.get(i)!)] : [fallthrough(i)];
        break;
      case "loop":
        successors = [block(0)];
        break;
      case "loopIf":
        successors = [block(0), fallthrough(i)];
        break;
      case "abort":
        successors = [exit];
        break;
      default:
        successors = [fallthrough(i)];
    }
    const kind = s === "if" || s === "elseif" ? "if" : s === "while" || s === "for" ? s : "block";
    const action = actions[i]!;
    blocks.push({
      id: i + 1,
      kind,
      label: action.text,
      successors: [...new Set(successors)],
      span: action.span,
      action: i,
    });
  });
  blocks.push({ id: exit, kind: "exit", label: "exit", successors: [], span: null, action: null });
  return { entry: 0, exit, blocks };
}

const OPERATORS: Record<string, string> = {
  "=": "Set Variable",
  "+=": "Modify Variable",
  "-=": "Modify Variable",
  "*=": "Modify Variable",
  "==": "Compare",
  "!=": "Compare",
  "<=": "Compare",
  ">=": "Compare",
  "<": "Compare",
  ">": "Compare",
  "+": "Add",
  "-": "Subtract",
  "*": "Multiply",
  "/": "Divide",
};
const TOKEN =
  /"(?:[^"\\]|\\.)*"|\b(?:Global|Event Player|Victim|Attacker)\.[A-Za-z_]\w*|[A-Z][A-Za-z]*(?:[ -]+[A-Z][A-Za-z]*)*|\d+(?:\.\d+)?|==|!=|<=|>=|\+=|-=|\*=|[=<>+\-*/]/g;

/** Canonical node names of one statement, one per Workshop element it contributes. */
export function statementNodes(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const t = m[0];
    if (t.startsWith('"')) names.push("String");
    else if (t.startsWith("Global.")) names.push("Global Variable");
    else if (/^[A-Z][\w ]*\.[A-Za-z_]/.test(t)) names.push("Player Variable");
    else if (/^\d/.test(t)) names.push("Number");
    else if (OPERATORS[t]) names.push(OPERATORS[t]!);
    else names.push(t.replace(/\s+-\s+/g, " - "));
  }
  return names.length ? names : [text.trim()];
}

/** A statement's display name: its assignment form or its leading element. */
function statementName(text: string, nodes: string[]): string {
  const assign = /^\s*(Global|[A-Z][\w ]*)\.[A-Za-z_]\w*\s*(\+=|-=|\*=|=)(?!=)/.exec(text);
  if (assign) return `${assign[2] === "=" ? "Set" : "Modify"} ${assign[1] === "Global" ? "Global" : "Player"} Variable`;
  return nodes[0]!;
}

/** Rule = 1 (rule) + 1 (event) + every statement's elements; byNode sums to that count. */
export function deriveElementCount(rule: Pick<Rule, "conditions" | "actions">): ElementCount {
  const byNode = new Map<string, { count: number; occurrences: number }>();
  const add = (name: string) => {
    const e = byNode.get(name) ?? { count: 0, occurrences: 0 };
    e.count += 1;
    e.occurrences += 1;
    byNode.set(name, e);
  };
  add("Rule");
  add("Event");
  const statements: { name: string; count: number; span: Span | null; order: number }[] = [];
  [...rule.conditions, ...rule.actions].forEach((s, order) => {
    const nodes = statementNodes(s.text);
    nodes.forEach(add);
    statements.push({ name: statementName(s.text, nodes), count: nodes.length, span: s.span, order });
  });
  statements.sort((a, b) => b.count - a.count || a.order - b.order);
  return {
    statements: statements.map(({ name, count, span }) => ({ name, count, span })),
    byNode: [...byNode]
      .map(([name, e]) => ({ name, ...e }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
  };
}

/** A rule's element count (sum of byNode). */
export function elementTotal(count: ElementCount): number {
  return count.byNode.reduce((sum, n) => sum + n.count, 0);
}
