#!/usr/bin/env node
// The repository's entry point runs the built CLI of packages/cli (npm ci builds it in `prepare`;
// `npm run build` rebuilds incrementally). No TypeScript at run time. See docs/decisions/110-packages.md.
await import("../packages/cli/bin/contract-suite.mjs");
