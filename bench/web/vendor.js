// The esbuild entry that scripts/bench-web bundles into one ES module for the page:
// npm hashring (CommonJS, with its two dependencies) and the MD5 it is given in the browser.
import HashRing from 'hashring';
import md5 from 'js-md5';

export { HashRing, md5 };
