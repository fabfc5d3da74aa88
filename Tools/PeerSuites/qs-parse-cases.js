// Extracts the cases of qs's own parser tests (test/parse.js of a qs checkout) as data, for
// Tests/Fixtures/qs-parse-cases.json: each qs.parse(input, options) the tests make, with the value
// or the error they expect. Facts, not qs's code: the tests run against a small stub of their
// runner, `tape`, that records instead of asserting.
//
//   NODE_PATH=/usr/share/nodejs node Tools/PeerSuites/qs-parse-cases.js PATH/TO/qs > Tests/Fixtures/qs-parse-cases.json
//
// A case is recorded when an assertion compares, by deepEqual, the very object one qs.parse call
// returned with an expected value (`st.deepEqual(qs.parse(...), expected)`), or when a call inside
// `st.throws` throws. The calls run through the checkout's own lib/, so `agreesWithItsQs` says
// whether that qs gives what its test expects. Cases whose input is not a string, or whose
// options hold a function or a RegExp, are kept with the reason they cannot be replayed.
"use strict";
const Module = require("module");
const path = require("path");

const checkout = path.resolve(process.argv[2] || ".");
const isDeepStrictEqual = require("util").isDeepStrictEqual;
const { jsonable } = require("./support.js");

// The test file's development dependencies, as far as its parse tests need them.
const stubs = {
    "has-property-descriptors": () => () => true,
    "has-override-mistake": () => () => false,
    "has-proto": () => () => true,
    "mock-property": () => () => () => {},
    "safer-buffer": () => ({ Buffer }),
    "es-value-fixtures": () => ({ nonStrings: [] }),
    "object-inspect": () => (value) => String(value),
    "side-channel": () => () => {
        const map = new Map();
        return { get: (k) => map.get(k), set: (k, v) => map.set(k, v), has: (k) => map.has(k), assert: () => {}, "delete": (k) => map.delete(k) };
    },
    "es-define-property": () => Object.defineProperty,
};
const cases = [];
const results = new Map(); // an object qs.parse returned → the call that returned it
let testName = [];


function describeCall(input, options) {
    const call = { test: testName.join(" / "), input: typeof input === "string" ? input : null };
    if (typeof input !== "string") call.notReplayable = "the input is not a string";
    if (options !== undefined) {
        const functions = Object.keys(options || {}).filter((k) => typeof options[k] === "function" || options[k] instanceof RegExp);
        if (functions.length) call.notReplayable = "the options " + functions.join(", ") + " are code";
        call.options = jsonable(options);
    }
    return call;
}

let realQs;
const qsProxy = {
    parse(input, options) {
        const call = describeCall(input, options);
        let result;
        try {
            result = realQs.parse(input, options);
        } catch (error) {
            lastThrow = { call, error };
            throw error;
        }
        if (result && typeof result === "object") results.set(result, call);
        return result;
    },
    stringify: (...a) => realQs.stringify(...a),
    formats: null,
};
let lastThrow = null;

function assertion(extra) {
    return Object.assign(
        {
            deepEqual(actual, expected, message) {
                const call = results.get(actual);
                if (!call) return;
                cases.push(Object.assign({}, call, { message: message || null, expected: jsonable(expected), agreesWithItsQs: isDeepStrictEqual(jsonable(actual), jsonable(expected)) }));
            },
            throws(fn, expected, message) {
                lastThrow = null;
                let threw = false;
                try {
                    fn();
                } catch (error) {
                    threw = true;
                }
                if (threw && lastThrow) {
                    cases.push(Object.assign({}, lastThrow.call, { message: (typeof expected === "string" ? expected : message) || null, throws: String(lastThrow.error && lastThrow.error.message), agreesWithItsQs: true }));
                } else if (!threw && expected !== undefined) {
                    // The checkout's qs did not throw where its test expects it to: recorded from the call the function made.
                    const call = results.size ? Array.from(results.values()).pop() : null;
                    if (call) cases.push(Object.assign({}, call, { message: message || null, throws: "expected by the test", agreesWithItsQs: false }));
                }
            },
            doesNotThrow(fn) {
                try { fn(); } catch (error) { /* recorded by the deepEqual that follows, if any */ }
            },
            equal() {}, notEqual() {}, ok() {}, notOk() {}, end() {}, plan() {}, teardown(fn) { try { fn(); } catch (e) {} },
            intercept() { return { restore() {} }; }, comment() {}, skip() {}, fail() {}, pass() {},
            match() {}, notDeepEqual() {}, strictEqual() {}, same() {},
            test(name, options, body) { run(name, options, body); },
        },
        extra
    );
}
function run(name, options, body) {
    if (typeof options === "function") { body = options; options = {}; }
    if (options && options.skip) return;
    testName.push(name);
    const t = assertion({});
    t["throws"] = t.throws;
    try {
        body(t);
    } catch (error) {
        process.stderr.write("test \"" + testName.join(" / ") + "\" threw: " + error.message + "\n");
    }
    testName.pop();
}

const originalLoad = Module._load;
Module._load = function (request, parent, isMain) {
    if (request === "tape") return run;
    if (stubs[request]) return stubs[request]();
    if (request === "../" || request === "..") return qsProxy;
    return originalLoad.apply(this, arguments);
};
realQs = require(path.join(checkout, "lib/index.js"));
qsProxy.formats = realQs.formats;
require(path.join(checkout, "test/parse.js"));

const version = require(path.join(checkout, "package.json")).version;
process.stdout.write('{"source": ' + JSON.stringify("qs " + version + " test/parse.js") + ', "cases": [\n' + cases.map((c) => JSON.stringify(c)).join(",\n") + "\n]}\n");
