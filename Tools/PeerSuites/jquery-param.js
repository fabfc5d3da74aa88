// Records what jQuery's own $.param writes, as facts for Tests/Fixtures/jquery-3.6.1-param.json:
// each value (as JSON), and the text $.param wrote for it. Runs the jQuery 3.6.1 that Debian's
// libjs-jquery installs, inside Debian's node-jsdom:
//
//   NODE_PATH=/usr/share/nodejs node Tools/PeerSuites/jquery-param.js > Tests/Fixtures/jquery-3.6.1-param.json
//
// The expected value of a case is the value as a server reads it: jQuery writes numbers and
// booleans as their text and null as "", so those are strings here. `ordered` is the value as an
// encoder writes it: its members in order, null kept.
"use strict";
const fs = require("fs");
const { JSDOM } = require("jsdom");

const dom = new JSDOM("<!doctype html><html><body></body></html>", { runScripts: "outside-only" });
dom.window.eval(fs.readFileSync(process.env.JQUERY || "/usr/share/javascript/jquery/jquery.js", "utf8"));
const $ = dom.window.jQuery;

// Shapes users post with jQuery: plain arrays, arrays of objects, arrays that mix values with
// objects and arrays, nested arrays, null elements, and text that needs escaping.
const chosen = [
    { a: [1, { b: 2 }] },
    { a: [{ x: 1 }, null] },
    { filter: [["int1", "=", "77"], "and", ["int2", "=", "8"]] },
    { a: [1, [2, 3], { b: [4, { c: 5 }] }] },
    { tags: ["a", "b"], user: { name: "Ada", roles: ["admin", "dev"] } },
    { items: [{ id: 1, qty: 2 }, { id: 3, qty: 4 }] },
    { items: [{ id: 1, tags: ["x", "y"] }, { id: 2, tags: [] }] },
    { m: [[1, 2], [3, 4]] },
    { m: [[[1]], [[2, 3]]] },
    { a: [null, "", 0, false, true] },
    { q: "a b&c=d+e%f/?#[]", "we ird": "ü€日本🌍" },
    { a: [{ b: [{ c: 1 }, 2] }, 3] },
    { a: ["x", { y: "z" }, "w", { y: "v" }] },
    { a: { b: { c: [1, { d: [2, [3]] }] } } },
    { rows: [{ n: "A" }, { n: "" }, { n: "C" }] },
    // Names that end in [] themselves, as hand-built parameters have them: values under the name
    // alone; arrays and objects as JavaScript's toString writes them. Not forms a decoder reads
    // back as the value, so only the encoder's test uses them.
    { "ids[]": [1, 2], q: "x" },
    { "m[]": [[1, 2], { a: 1 }, 3] },
];

// Seeded random values of the same kinds, so the cases are the same on every machine.
const { random, pick } = require("./support.js").seeded(2026);
function scalar() {
    return pick(["a", "b c", "", "1", 2, 0, true, false, null, "x&y", "é", "[z]", "1,2"]);
}
function value(depth) {
    const kind = depth > 3 ? 0 : Math.floor(random() * 3);
    if (kind === 0) return scalar();
    if (kind === 1) {
        const array = [];
        for (let i = Math.floor(random() * 4); i > 0; i--) array.push(value(depth + 1));
        return array;
    }
    const object = {};
    for (let i = Math.floor(random() * 3) + 1; i > 0; i--) object[pick(["k", "id", "name", "sub", "list"])] = value(depth + 1);
    return object;
}
const generated = [];
for (let i = 0; i < 200; i++) {
    const object = {};
    for (let j = Math.floor(random() * 3) + 1; j > 0; j--) object[pick(["a", "b", "items", "tags"])] = value(1);
    generated.push(object);
}

// What a server reads: every scalar is text.
function asRead(value) {
    if (value === null || value === undefined) return "";
    if (Array.isArray(value)) return value.map(asRead);
    if (typeof value === "object") {
        const object = {};
        for (const key of Object.keys(value)) object[key] = asRead(value[key]);
        return object;
    }
    return String(value);
}

// `ordered` is the value for an encoder, its members in jQuery's order.
const { ordered } = require("./support.js");
const encoderOnly = (value) => Object.keys(value).some((key) => key.endsWith("[]"));
// The value without the arrays and objects in the arrays of such names, which the encoder keys
// by their index instead, and what jQuery writes for it.
function withoutContainerElements(value) {
    const pruned = {};
    for (const key of Object.keys(value)) {
        const member = value[key];
        const isContainer = (element) => element !== null && typeof element === "object";
        pruned[key] = key.endsWith("[]") && Array.isArray(member) ? member.filter((element) => !isContainer(element)) : member;
    }
    return pruned;
}
const cases = chosen.concat(generated).map((value) => {
    const written = { value: asRead(value), ordered: ordered(value), param: $.param(value) };
    if (!encoderOnly(value)) return written;
    const pruned = withoutContainerElements(value);
    return Object.assign({ encoderOnly: true }, written, { withoutContainerElements: { ordered: ordered(pruned), param: $.param(pruned) } });
});
// One case a line, so that a change shows as the lines it changes.
const source = JSON.stringify("jQuery " + $.fn.jquery + " $.param (Debian libjs-jquery, run in node-jsdom)");
process.stdout.write('{"source": ' + source + ', "cases": [\n' + cases.map((c) => JSON.stringify(c)).join(",\n") + "\n]}\n");
