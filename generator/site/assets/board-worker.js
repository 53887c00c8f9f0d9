// The rules engine in the reader's browser: the site's own Python runtime (Pyodide, in
// static/runtime/) runs generator/engine itself, handed the rule sets as the build wrote
// them. A module Worker, so that the page stays responsive while the runtime starts.
// Each message is a question (generator/engine/answers.py); each reply its answer.
import { loadPyodide } from "./runtime/pyodide.mjs";

const base = new URL("./runtime/", import.meta.url).href;

async function start() {
  const [py, engine, rules] = await Promise.all([
    loadPyodide({ indexURL: base, lockFileURL: base + "pyodide-lock.json" }),
    fetch(base + "engine.zip").then((response) => response.arrayBuffer()),
    fetch(base + "rulesets.json").then((response) => response.text()),
  ]);
  py.unpackArchive(engine, "zip", { extractDir: "/engine" });
  py.runPython("import sys; sys.path.insert(0, '/engine')");
  return py.pyimport("generator.engine.answers").answerer(rules);
}

const ready = start();
ready.then(
  () => postMessage({ ready: true }),
  (error) => postMessage({ failed: String(error) }),
);

onmessage = async (event) => {
  const { id, question } = event.data;
  try {
    const ask = await ready;
    postMessage({ id, answer: JSON.parse(ask(JSON.stringify([question])))[0] });
  } catch (error) {
    postMessage({ id, failed: String(error) });
  }
};
