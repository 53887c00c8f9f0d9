// The browser runtime's standard library as bytecode, compiled by the runtime itself.
// Pyodide ships its standard library as sources, so a page starting it compiled some 150
// modules before the first verdict (about a second of a 2.7 s start on a desktop). Here
// Pyodide's own Python compiles each source once, at install time (scripts/ensure-tools,
// make), with optimize=2 (no docstrings: a smaller download; CPython's own -OO mode), into
// node_modules/pyodide/python_stdlib_bytecode.zip: a sourceless zip that zipimport reads
// as it reads the sources. The output is the same bytes on every machine; the build copies
// it only if its SHA-256 is the one pinned in generator/site/pipeline/runtime.py.
// Usage: node scripts/compile-stdlib.mjs
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const folder = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", "pyodide");
const { loadPyodide } = await import(join(folder, "pyodide.mjs"));
const py = await loadPyodide({ indexURL: folder + "/" });
py.FS.writeFile("/tmp/sources.zip", new Uint8Array(readFileSync(join(folder, "python_stdlib.zip"))));
py.runPython(`
import importlib.util
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

# Unchecked hash-based bytecode: nothing to compare with a source that is not there.
with zipfile.ZipFile("/tmp/sources.zip") as sources, zipfile.ZipFile("/tmp/bytecode.zip", "w") as out:
    for entry in sorted(sources.infolist(), key=lambda entry: entry.filename):
        data = sources.read(entry)
        name = entry.filename
        if name.endswith(".py"):
            code = compile(data, name, "exec", dont_inherit=True, optimize=2)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            name += "c"
        info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
        info.external_attr = entry.external_attr
        out.writestr(info, data)
`);
const target = join(folder, "python_stdlib_bytecode.zip");
writeFileSync(target + ".part", py.FS.readFile("/tmp/bytecode.zip"));
renameSync(target + ".part", target);
