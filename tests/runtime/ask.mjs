// The engine under the browser's Python runtime, in Node: the site's own runtime files
// (static/runtime/, written by generator/site/pipeline/runtime.py) answer a batch of questions.
// Usage: node ask.mjs RUNTIME_FOLDER QUESTIONS.json ANSWERS.json
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const [folder, questions, out] = process.argv.slice(2).map((path) => resolve(path));
const { loadPyodide } = await import(join(folder, "pyodide.mjs"));
const py = await loadPyodide({
  indexURL: folder + "/",
  lockFileURL: join(folder, "pyodide-lock.json"),
});
py.unpackArchive(new Uint8Array(readFileSync(join(folder, "engine.zip"))), "zip", {
  extractDir: "/engine",
});
py.runPython("import sys; sys.path.insert(0, '/engine')");
const answerer = py.pyimport("generator.engine.answers").answerer;
const ask = answerer(readFileSync(join(folder, "rulesets.json"), "utf8"));
try {
  writeFileSync(out, ask(readFileSync(questions, "utf8")));
} catch (error) {
  // Only the Python traceback: the runtime's own stack is one minified line.
  console.error(String(error.message));
  process.exit(1);
}
