import type * as F from "../../generated/wright-agent-fixture/types.js";
import type { ProgramSession } from "./session.js";

/** What every operation of the mock reads. */
export interface MockContext {
  session: ProgramSession;
  /** The static catalog, read once at startup (capabilities, targetMetadata, lookup, listEntries). */
  catalog: F.Catalog;
  /** Working directory compile resolves output paths against. */
  cwd: string;
  /** Advertised operations. */
  operations: readonly string[];
}
