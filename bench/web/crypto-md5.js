// Stands in for Node's `crypto` module, which hashring requires when it loads and which a
// browser lacks: `createHash('md5')` on js-md5, the only algorithm hashring uses by default.
// The benchmark passes hashring the MD5 function itself (its documented custom hasher), so
// this is only reached by a ring built without one.
import md5 from 'js-md5';

export function createHash(algorithm) {
  if (algorithm !== 'md5') throw new Error(`only md5 is available in the browser, not ${algorithm}`);
  let text = '';
  return {
    update(chunk) {
      text += chunk;
      return this;
    },
    digest() {
      return md5.array(text);
    },
  };
}

export default { createHash };
