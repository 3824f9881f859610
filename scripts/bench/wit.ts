/** wit.throughput and wit.latency: filled in once the daemon lands (issue 4). */
import type { Bench } from "./measure.js";

export const witBenches: Bench[] = [];
