/**
 * The static catalog is read once when the service starts: from the fixture when it loads, else
 * from the bundled default fixture, so capabilities, targetMetadata, lookup and listEntries answer
 * over a project that cannot load without ever triggering (or counting as) a program load.
 */
import { fileURLToPath } from "node:url";
import type * as F from "../../generated/wright-agent-fixture/types.js";
import { FixtureParser, readFixtureBytes } from "./fixture-load.js";

export const BUNDLED_FIXTURE_PATH = fileURLToPath(new URL("../fixtures/default-project.json", import.meta.url));

export function loadCatalog(fixturePath: string, parser = new FixtureParser()): F.Catalog {
  for (const path of [fixturePath, BUNDLED_FIXTURE_PATH]) {
    const read = readFixtureBytes(path);
    if (!read.ok) continue;
    const parsed = parser.parse(read.bytes, path);
    if (parsed.ok) return parsed.fixture.catalog;
  }
  throw new Error(`the bundled fixture ${BUNDLED_FIXTURE_PATH} does not load`);
}
