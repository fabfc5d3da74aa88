// What the extractors share: values as JSON that keeps what JSON cannot hold, and a seeded
// random source, so that every machine records the same cases.
"use strict";

// A value as JSON: `undefined` and the holes of a sparse array are marked, since JSON has neither.
function jsonable(value) {
    if (value === undefined) return { $undefined: true };
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
        const array = [];
        for (let i = 0; i < value.length; i++) array.push(i in value ? jsonable(value[i]) : { $hole: true });
        return array;
    }
    const object = {};
    for (const key of Object.keys(value)) object[key] = jsonable(value[key]);
    return object;
}

// A linear congruential generator: the same numbers for the same seed, everywhere.
function seeded(seed) {
    const source = {
        random() {
            seed = (seed * 1103515245 + 12345) % 2147483648;
            return seed / 2147483648;
        },
        pick(list) {
            return list[Math.floor(source.random() * list.length)];
        },
        int(low, high) {
            return low + Math.floor(source.random() * (high - low + 1));
        },
    };
    return source;
}

// A value as JSON that keeps the order of members, which JSON readers need not keep: an object is
// {"$members": [[name, value], ...]}. Numbers and booleans become their text, as a form holds
// them; null stays null.
function ordered(value) {
    if (value === null) return null;
    if (typeof value !== "object") return String(value);
    if (Array.isArray(value)) return value.map(ordered);
    return { $members: Object.keys(value).map((key) => [key, ordered(value[key])]) };
}

module.exports = { jsonable, ordered, seeded };
