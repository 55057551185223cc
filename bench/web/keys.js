// The benchmark's keys and nodes in JS, for hashring, which takes JS strings: a port of
// crates/bench-web/src/keys.rs (splitmix64 on BigInt). The page checks every key against
// the wasm generator's before it times anything.

const MASK = (1n << 64n) - 1n;

// splitmix64 (Vigna's reference code) from `seed`: `count` values.
export function splitmix64(count, seed) {
  let state = BigInt(seed) & MASK;
  const out = new Array(count);
  for (let i = 0; i < count; i++) {
    state = (state + 0x9e3779b97f4a7c15n) & MASK;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
    out[i] = z ^ (z >> 31n);
  }
  return out;
}

// `user:<n>:<abc>`: n = (x >> 32) mod 1,000,000, letter k = 'a' + ((x >> 5k) & 31) mod 26.
export function keyFrom(x) {
  const n = (x >> 32n) % 1000000n;
  const low = Number(x & 0x7fffn);
  const letter = (k) => String.fromCharCode(97 + (((low >> (5 * k)) & 31) % 26));
  return `user:${n}:${letter(0)}${letter(1)}${letter(2)}`;
}

export function generateKeys(count, seed) {
  return splitmix64(count, seed).map(keyFrom);
}

export function nodeName(i) {
  return `10.0.${Math.floor(i / 256)}.${i % 256}:11211`;
}

export function nodeNames(count) {
  return Array.from({ length: count }, (_, i) => nodeName(i));
}
