// The esbuild entry that scripts/bench-web bundles into one ES module for the page:
// npm hashring (CommonJS, with its two dependencies) and the MD5 it is given in the browser,
// and @subspace/jump-consistent-hash (UMD), the npm jump hash with the core's answers.
import HashRing from 'hashring';
import md5 from 'js-md5';
import { jumpConsistentHash } from '@subspace/jump-consistent-hash';

export { HashRing, jumpConsistentHash, md5 };
