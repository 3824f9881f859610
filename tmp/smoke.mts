import { mutationSuite } from "../test/mutation/wright-agent-suite.ts";
const o = await mutationSuite.open();
for (const id of process.argv.slice(2)){const t=performance.now(); const r=await o.run(id); console.log(id, r.ok, Math.round(performance.now()-t), r.message?.slice(0,800));}
await o.close();
