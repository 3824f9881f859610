/** Output formats of the review commands: the suite's four plus GitHub workflow commands. */
import { FORMATS } from "../report/format.js";

export const REVIEW_FORMATS = [...FORMATS, "github"] as const;
export type ReviewFormat = (typeof REVIEW_FORMATS)[number];

/** Escapes the message part of a GitHub workflow command. */
export function githubData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a property value (file=, title=) of a GitHub workflow command. */
export function githubProperty(s: string): string {
  return githubData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export function githubCommand(
  level: "error" | "warning" | "notice",
  message: string,
  props: Record<string, string | number | undefined> = {},
): string {
  const p = Object.entries(props)
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => `${k}=${githubProperty(String(v))}`)
    .join(",");
  return `::${level}${p ? " " + p : ""}::${githubData(message)}`;
}
