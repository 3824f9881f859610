// The "server command" of the in-process wright-agent killing suite (test/mutation/
// wright-agent-suite.mutation.ts): relays stdin to a Unix socket and the socket to stdout, so the
// suite's clients (which start a command and speak over its stdio) reach a host that runs in the
// test process, where Stryker sees its mutants and its per-test coverage. Plain JavaScript: it
// starts without tsx. Extra arguments (the {fixture} placeholder) are ignored: the in-process host
// already serves that fixture. Not shipped.
import { connect } from "node:net";

const socket = connect(process.argv[2]);
process.stdin.pipe(socket); // stdin's end half-closes the socket: the host sees its input end
socket.pipe(process.stdout);
socket.on("close", () => process.exit(0));
socket.on("error", (e) => {
  process.stderr.write(`socket-relay: ${e.message}\n`);
  process.exit(1);
});
