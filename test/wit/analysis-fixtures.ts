/** Small fixture repositories written to temp dirs for the analysis tests. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function writeTree(root: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}

export function tempRepo(files: Record<string, string>): { root: string; cleanup: () => void } {
  const root = mkdtempSync(path.join(tmpdir(), "wit-analysis-"));
  writeTree(root, files);
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export const TS_REPO: Record<string, string> = {
  "src/auth.ts": `import type { User } from "./types";

export async function validateToken(token: string): Promise<User | null> {
  return lookup(token);
}

function lookup(token: string): User | null {
  return null;
}

export class AuthService {
  constructor(private readonly secret: string) {}
  validate(token: string): boolean {
    return this.check(token) && validateToken(token) !== null;
  }
  check(token: string): boolean {
    return token.length > 0;
  }
  refresh = async (token: string): Promise<void> => {
    await validateToken(token);
  };
}
`,
  "src/types.ts": `export interface User { id: string }\n`,
  // Extensionless relative import.
  "src/api/routes.ts": `import { validateToken } from "../auth";
import { AuthService } from "../auth";

export function handleLogin(req: { token: string }): boolean {
  const svc = new AuthService("s");
  return validateToken(req.token) !== null;
}

export function unrelated(): number {
  return Math.max(1, 2);
}
`,
  // Directory import resolves to index.ts, which re-exports.
  "src/api/index.ts": `export { handleLogin as login } from "./routes";\n`,
  // NodeNext style: "./auth.js" from a TS file means auth.ts; namespace import.
  "src/ns.ts": `import * as auth from "./auth.js";
export const checkToken = (t: string) => auth.validateToken(t);
`,
  "src/server.tsx": `import { login } from "./api";

export const App = (props: { token: string }) => {
  login({ token: props.token });
  return <LoginForm token={props.token} />;
};

function LoginForm({ token }: { token: string }) {
  return <div>{token}</div>;
}
`,
  "web/util.js": `export function fmt(a, b = 2) {
  return String(a) + b;
}
export default function main() {
  fmt(1);
}
`,
  "web/Button.jsx": `import helpers from "./util";
import { fmt as format } from "./util.js";
export const Button = ({ label }) => {
  helpers();
  return <button>{format(label)}</button>;
};
`,
  "web/page.jsx": `import { Button } from "./Button";
export function Page() {
  return <Button label="x" />;
}
`,
  "web/legacy.js": `const util = require("./util");
const { fmt } = require("./util.js");
function old() {
  util.fmt(1);
  fmt(2);
}
module.exports = { old };
`,
  // Ignored directories: their calls never count.
  "node_modules/dep/index.ts": `import { validateToken } from "../../src/auth";\nexport function dep() { validateToken("x"); }\n`,
  ".wit/scratch.ts": `import { validateToken } from "../src/auth";\nexport function wit() { validateToken("x"); }\n`,
};

export const PY_REPO: Record<string, string> = {
  "pkg/__init__.py": "",
  "pkg/auth.py": `from typing import Optional


def hash_pw(pw: str) -> str:
    return pw[::-1]


class User:
    def __init__(self, name: str) -> None:
        self.name = name

    def check(self, pw: str) -> bool:
        return self.verify(hash_pw(pw))

    @staticmethod
    def verify(h: str) -> bool:
        return bool(h)
`,
  "pkg/api.py": `from .auth import hash_pw as hp
from . import auth
import pkg.auth
import pkg.auth as pa


def login(pw):
    hp(pw)
    auth.hash_pw(pw)
    pkg.auth.hash_pw(pw)
    return pa.User("x").check(pw)


def make_user():
    return auth.User("y")
`,
  "main.py": `from pkg.auth import User
from pkg import api


def run():
    user = User("z")
    api.login("pw")
    return User.verify("h")


if __name__ == "__main__":
    run()
`,
  "tools/helper.py": `def assist():
    return 1
`,
  "tools/script.py": `import helper


def go():
    helper.assist()
`,
};
