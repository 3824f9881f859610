/**
 * check-contracts: the pre-commit hook's question. Each staged file's content is analysed for the
 * symbols that have an accepted contract; a signature that differs (or a symbol that is gone) is a
 * violation. Only the newest acceptance of a symbol is enforced (decision 143).
 */
import type { WitHandlers } from "../../../generated/wit/handlers.js";
import type * as T from "../../../generated/wit/types.js";
import { normalizeRelPath, parseSymbolPath } from "../../paths.js";
import { SYMBOL_MISSING_ACTUAL } from "../../protocol.js";
import type { DaemonCore } from "../core.js";
import { checkStagedContent } from "../limits.js";
import { acceptedLater } from "./retire.js";

export function checkContractsMethod(core: DaemonCore): Pick<WitHandlers, "check-contracts"> {
  const { store, analyzer, limits } = core;
  return {
    "check-contracts"(p) {
      checkStagedContent(p.files, limits);
      // A path the daemon could never hold a contract for (a backslash, a drive-like `c:`, NUL...)
      // is skipped, not a reason to refuse the whole batch: the other files are still checked
      // (decision 143). The hook names what it skipped; the daemon logs it.
      const staged = new Map<string, string[]>();
      const skipped: string[] = [];
      for (const [i, f] of p.files.entries()) {
        // Escapes (absolute, a '..' segment) never reach this: the contract's schema refuses them
        // (decision 150), whatever else is wrong with the path; the engine validates params first.
        const rel = normalizeRelPath(f.path);
        if (!rel.ok) {
          skipped.push(`/files/${i}/path ${JSON.stringify(f.path.slice(0, 200))}: ${rel.message}`);
          continue;
        }
        // A file listed twice is checked in each of its contents: refusing the batch would let
        // every other file through unchecked, and either content could be the one committed.
        staged.set(rel.rel, [...(staged.get(rel.rel) ?? []), f.content]);
      }
      if (skipped.length)
        core.log(`check-contracts: skipped ${skipped.length} unusable path(s): ${skipped.slice(0, 5).join("; ")}`);
      const violations: T.Violation[] = [];
      // The newest acceptance of a symbol supersedes the older ones (decision 143).
      const newest = new Map<string, ReturnType<typeof store.contracts.acceptedInFiles>[number]>();
      for (const contract of store.contracts.acceptedInFiles([...staged.keys()])) {
        const held = newest.get(contract.symbolPath);
        if (!held || acceptedLater(contract, held)) newest.set(contract.symbolPath, contract);
      }
      for (const contract of newest.values()) {
        const parsed = parseSymbolPath(contract.symbolPath);
        if (!parsed.ok) continue;
        const actuals = new Set<string>();
        for (const content of staged.get(parsed.file) ?? []) {
          const found = analyzer.signatureFromContent(parsed.file, content, parsed.symbol);
          actuals.add(found.ok ? found.symbol.signature : SYMBOL_MISSING_ACTUAL);
        }
        for (const actual of actuals) {
          if (actual !== contract.signature)
            violations.push({
              contractId: contract.contractId,
              symbolPath: contract.symbolPath,
              expected: contract.signature,
              actual,
            });
        }
      }
      return { violations };
    },
  };
}
